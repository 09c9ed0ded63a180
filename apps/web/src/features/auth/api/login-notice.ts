/** A sentence the login page shows once, after the session ended on purpose (account deleted). */
let notice: string | null = null;

export function leaveLoginNotice(text: string): void {
  notice = text;
}

/** The notice left for the login page, once. */
export function takeLoginNotice(): string | null {
  const text = notice;
  notice = null;
  return text;
}
