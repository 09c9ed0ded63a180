import type { MailTextId } from './en.js';

/** The server's e-mails in Spanish. */
export const es: Record<MailTextId, string> = {
  'reset.subject': 'Restablece tu contraseña',
  'reset.text':
    'Alguien pidió restablecer la contraseña de tu cuenta ({email}).\n\n' +
    'Para elegir una contraseña nueva, abre este enlace en menos de una hora:\n{link}\n\n' +
    'Si no fuiste tú, ignora este mensaje: tu contraseña sigue igual.\n',
  'verify.subject': 'Confirma tu dirección de correo electrónico',
  'verify.text':
    'Para confirmar que {email} es tu dirección, abre este enlace en menos de tres días:\n{link}\n\n' +
    'Si no creaste una cuenta, ignora este mensaje.\n',
  'invite.subject': '{owner} compartió contigo el álbum «{album}»',
  'invite.text':
    '{owner} te invitó al álbum «{album}»: puedes ' +
    '{role, select, contributor {verlo y añadir fotos} other {verlo}}.\n\n' +
    'Ábrelo aquí: {link}\n\n' +
    'Inicia sesión (o regístrate) con esta dirección de correo; la invitación se aplica cuando ' +
    'la dirección esté verificada.\n',
  'digest.subject': 'Novedades en tus álbumes: {count} actualizaciones',
  'digest.greeting': 'Hola, {name}:',
  'digest.intro': 'Esto es lo que pasó en tus álbumes:',
  'digest.invitation': '{actor} compartió {album} contigo',
  'digest.photosAdded': '{actor} añadió {count, plural, one {una foto} other {# fotos}} a {album}',
  'digest.guestUpload':
    '{actor} (un invitado) añadió {count, plural, one {una foto} other {# fotos}} a {album}',
  'digest.comment': '{actor} comentó tu foto en {album}',
  'digest.like': 'A {actor} le gustó tu foto en {album}',
  'digest.more': '…y {count} más',
  'digest.frequency':
    'Recibes este resumen {frequency, select, hourly {como mucho una vez por hora} other {como mucho una vez al día}}.',
  'digest.changeText': 'Cambia la frecuencia en la configuración de tu cuenta: {link}',
  'digest.stopText': 'Dejar de recibir estos correos: {link}',
  'digest.changeOrStop':
    '<change>Cambiar la frecuencia</change> o <stop>dejar de recibir estos correos</stop>.',
};
