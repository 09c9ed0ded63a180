import { expect, logIn, logOut, submitLogIn, test } from './support/fixtures';

/** A wrong-password attempt by someone else, straight to the identity service (no cookies). */
async function guess(baseURL: string, email: string, password: string) {
  const res = await fetch(new URL('/identity/v1/accounts:signInWithPassword', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return res.status;
}

test("a stranger's guesses do not keep the owner out of a browser they signed in from", async ({
  page,
  browser,
  user,
  baseURL,
}) => {
  await logIn(page, user);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'identity-device')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
  });
  await logOut(page);

  // Someone guesses the password from the same address until they are stopped.
  const answers: number[] = [];
  for (let i = 0; i < 8; i += 1) answers.push(await guess(baseURL!, user.email, `guess-${i}`));
  expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
  expect(answers.slice(5)).toEqual([429, 429, 429]);

  // The owner's browser gets in all the same.
  await logIn(page, user);

  // A browser never used for this account waits, like the stranger.
  const other = await browser.newContext();
  try {
    const stranger = await other.newPage();
    await stranger.goto('/login');
    await submitLogIn(stranger, user.email, user.password);
    await expect(stranger.getByRole('alert')).toContainText('Too many attempts');
    await expect(stranger).toHaveURL(/\/login$/);
  } finally {
    await other.close();
  }
});
