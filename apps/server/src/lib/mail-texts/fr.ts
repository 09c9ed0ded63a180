import type { MailTextId } from './en.js';

/** The server's e-mails in French. */
export const fr: Record<MailTextId, string> = {
  'reset.subject': 'Réinitialisez votre mot de passe',
  'reset.text':
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ({email}).\n\n' +
    'Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :\n{link}\n\n' +
    'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.\n',
  'verify.subject': 'Confirmez votre adresse e-mail',
  'verify.text':
    'Pour confirmer que {email} est bien votre adresse, ouvrez ce lien dans les trois jours :\n{link}\n\n' +
    'Si vous n’avez pas créé de compte, ignorez ce message.\n',
  'invite.subject': '{owner} a partagé l’album « {album} » avec vous',
  'invite.text':
    '{owner} vous a invité à l’album « {album} » : vous pouvez ' +
    '{role, select, contributor {le voir et y ajouter des photos} other {le voir}}.\n\n' +
    'Ouvrez-le ici : {link}\n\n' +
    'Connectez-vous (ou inscrivez-vous) avec cette adresse e-mail ; l’invitation prend effet ' +
    'une fois l’adresse vérifiée.\n',
  'digest.subject': 'Du nouveau dans vos albums : {count} mises à jour',
  'digest.greeting': 'Bonjour {name},',
  'digest.intro': 'Voici ce qui s’est passé dans vos albums :',
  'digest.invitation': '{actor} a partagé {album} avec vous',
  'digest.photosAdded':
    '{actor} a ajouté {count, plural, one {une photo} other {# photos}} à {album}',
  'digest.guestUpload':
    '{actor} (un invité) a ajouté {count, plural, one {une photo} other {# photos}} à {album}',
  'digest.comment': '{actor} a commenté votre photo dans {album}',
  'digest.like': '{actor} a aimé votre photo dans {album}',
  'digest.more': '…et {count} de plus',
  'digest.frequency':
    'Vous recevez ce résumé {frequency, select, hourly {au plus une fois par heure} other {au plus une fois par jour}}.',
  'digest.changeText': 'Changez la fréquence dans les paramètres de votre compte : {link}',
  'digest.stopText': 'Ne plus recevoir ces e-mails : {link}',
  'digest.changeOrStop':
    '<change>Changer la fréquence</change> ou <stop>ne plus recevoir ces e-mails</stop>.',
};
