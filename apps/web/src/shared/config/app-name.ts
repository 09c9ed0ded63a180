/** The app's name: a name, the same in every language. */
export const APP_NAME = 'My Photo Application';
