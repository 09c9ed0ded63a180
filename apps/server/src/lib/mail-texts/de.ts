import type { MailTextId } from './en.js';

/** The server's e-mails in German. */
export const de: Record<MailTextId, string> = {
  'reset.subject': 'Passwort zurücksetzen',
  'reset.text':
    'Jemand hat darum gebeten, das Passwort Ihres Kontos ({email}) zurückzusetzen.\n\n' +
    'Um ein neues Passwort zu wählen, öffnen Sie innerhalb einer Stunde diesen Link:\n{link}\n\n' +
    'Falls Sie das nicht waren, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.\n',
  'verify.subject': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'verify.text':
    'Um zu bestätigen, dass {email} Ihre Adresse ist, öffnen Sie innerhalb von drei Tagen diesen Link:\n{link}\n\n' +
    'Falls Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.\n',
  'invite.subject': '{owner} hat das Album „{album}“ mit Ihnen geteilt',
  'invite.text':
    '{owner} hat Sie zum Album „{album}“ eingeladen: Sie können ' +
    '{role, select, contributor {es ansehen und Fotos hinzufügen} other {es ansehen}}.\n\n' +
    'Hier öffnen: {link}\n\n' +
    'Melden Sie sich mit dieser E-Mail-Adresse an (oder registrieren Sie sich); die Einladung ' +
    'gilt, sobald die Adresse bestätigt ist.\n',
  'digest.subject': 'Neues in Ihren Alben: {count} Neuigkeiten',
  'digest.greeting': 'Hallo {name},',
  'digest.intro': 'Das ist in Ihren Alben passiert:',
  'digest.invitation': '{actor} hat {album} mit Ihnen geteilt',
  'digest.photosAdded':
    '{actor} hat {count, plural, one {ein Foto} other {# Fotos}} zu {album} hinzugefügt',
  'digest.guestUpload':
    '{actor} (ein Gast) hat {count, plural, one {ein Foto} other {# Fotos}} zu {album} hinzugefügt',
  'digest.comment': '{actor} hat Ihr Foto in {album} kommentiert',
  'digest.like': '{actor} gefällt Ihr Foto in {album}',
  'digest.more': '…und {count} weitere',
  'digest.frequency':
    'Sie erhalten diese Zusammenfassung {frequency, select, hourly {höchstens einmal pro Stunde} other {höchstens einmal am Tag}}.',
  'digest.changeText': 'Ändern Sie die Häufigkeit in Ihren Kontoeinstellungen: {link}',
  'digest.stopText': 'Diese E-Mails abbestellen: {link}',
  'digest.changeOrStop':
    '<change>Häufigkeit ändern</change> oder <stop>diese E-Mails abbestellen</stop>.',
};
