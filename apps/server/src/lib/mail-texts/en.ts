/** The server's e-mails in English: ICU messages (the other languages have exactly these ids). */
export const en = {
  'reset.subject': 'Reset your password',
  'reset.text':
    'Someone asked to reset the password of your account ({email}).\n\n' +
    'To choose a new password, open this link within an hour:\n{link}\n\n' +
    'If it was not you, ignore this message: your password stays as it is.\n',
  'verify.subject': 'Confirm your e-mail address',
  'verify.text':
    'To confirm that {email} is your address, open this link within three days:\n{link}\n\n' +
    'If you did not create an account, ignore this message.\n',
  'invite.subject': '{owner} shared the album "{album}" with you',
  'invite.text':
    '{owner} invited you to the album "{album}": you can ' +
    '{role, select, contributor {see it and add photos} other {see it}}.\n\n' +
    'Open it here: {link}\n\n' +
    'Sign in (or sign up) with this e-mail address; the invitation applies once the ' +
    'address is verified.\n',
  'digest.subject': "What's new in your albums: {count} updates",
  'digest.greeting': 'Hi {name},',
  'digest.intro': 'Here is what happened in your albums:',
  'digest.invitation': '{actor} shared {album} with you',
  'digest.photosAdded': '{actor} added {count, plural, one {a photo} other {# photos}} to {album}',
  'digest.guestUpload':
    '{actor} (a guest) added {count, plural, one {a photo} other {# photos}} to {album}',
  'digest.comment': '{actor} commented on your photo in {album}',
  'digest.like': '{actor} liked your photo in {album}',
  'digest.more': '…and {count} more',
  'digest.frequency':
    'You get this summary {frequency, select, hourly {at most once an hour} other {at most once a day}}.',
  'digest.changeText': 'Change how often in your account settings: {link}',
  'digest.stopText': 'Stop these e-mails: {link}',
  'digest.changeOrStop': '<change>Change how often</change> or <stop>stop these e-mails</stop>.',
};

export type MailTextId = keyof typeof en;
