import { DEFAULT_AVATAR_URL } from '@photo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork, identityError, jsonResponse } from '../../../test/network';
import { renderApp } from '../../../test/render';
import { fakeIdToken } from '../../../test/session';

const signedIn = (userId: string, email: string) =>
  jsonResponse(200, {
    idToken: fakeIdToken(userId),
    refreshToken: `refresh-${userId}`,
    expiresIn: '3600',
    localId: userId,
    email,
  });

// Both panels are in the page; Bootstrap's CSS, not loaded in tests, hides the other one.
const logInPanel = () => screen.findByRole('tabpanel', { name: 'Log In' });
const signUpPanel = () => screen.getByRole('tabpanel', { name: 'Sign Up' });

describe('login screen', () => {
  it('shows the Log In tab first with its fields, labels and help text', async () => {
    renderApp('/');
    expect(await screen.findByRole('tab', { name: 'Log In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = await logInPanel();
    expect(within(form).getByLabelText('Email address')).toHaveAttribute(
      'placeholder',
      'Enter email',
    );
    expect(within(form).getByLabelText('Password')).toHaveAttribute('placeholder', 'Password');
    expect(within(form).getByText("We'll never share your email with anyone else.")).toBeVisible();
    expect(within(form).queryByLabelText('Name')).toBeNull();
  });

  it('tells a refused sign-in in words, clears e-mail and password, and stays', async () => {
    const network = fakeNetwork().on(
      'POST /identity/v1/accounts:signInWithPassword',
      identityError('INVALID_LOGIN_CREDENTIALS'),
    );
    const { user, router } = renderApp('/login');
    const form = await screen.findByRole('tabpanel', { name: 'Log In' });
    await user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Log In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail address or password is not right.');
    expect(alert).toHaveClass('alert-danger');
    expect(within(form).getByLabelText('Email address')).toHaveValue('');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/login');
    expect(network.sent('POST /identity/v1/accounts:signInWithPassword')[0]!.body).toEqual({
      email: 'ann@example.com',
      password: 'wrong-password',
      returnSecureToken: true,
    });
  });

  it('disables the button while signing in, then goes to Recent Albums', async () => {
    let answer!: (response: Response) => void;
    fakeNetwork()
      .on(
        'POST /identity/v1/accounts:signInWithPassword',
        () => new Promise<Response>((resolve) => (answer = resolve)),
      )
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = renderApp('/login');
    const form = await screen.findByRole('tabpanel', { name: 'Log In' });
    await user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
    await user.type(within(form).getByLabelText('Password'), 'secret-password');
    await user.click(within(form).getByRole('button', { name: 'Log In' }));

    expect(within(form).getByRole('button', { name: /Logging in/ })).toBeDisabled();
    answer(signedIn('u1', 'ann@example.com'));

    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/albums/recent');
    expect(localStorage.getItem('userIdToken')).toBe(fakeIdToken('u1'));
  });

  it('leaves the refused attempts behind once signed in: no sign-in error on the signed-in page', async () => {
    let attempts = 0;
    fakeNetwork()
      .on('POST /identity/v1/accounts:signInWithPassword', () =>
        ++attempts < 3
          ? identityError(attempts === 1 ? 'INVALID_LOGIN_CREDENTIALS' : 'INVALID_EMAIL')
          : signedIn('u1', 'ann@example.com'),
      )
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user } = renderApp('/login');
    const form = await logInPanel();
    const attempt = async (password: string) => {
      await user.type(within(form).getByLabelText('Email address'), 'ann@example.com');
      await user.type(within(form).getByLabelText('Password'), password);
      await user.click(within(form).getByRole('button', { name: 'Log In' }));
    };
    await attempt('wrong-password');
    await attempt('wrong-again');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    await attempt('secret-password');
    expect(await screen.findByRole('heading', { name: 'Recent Albums' })).toBeVisible();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('signs up: identity first, then registers the user with the API, then Recent Albums', async () => {
    const network = fakeNetwork()
      .on('POST /identity/v1/accounts:signUp', signedIn('u2', 'bo@example.com'))
      .on('POST /api/users/addNewUser', jsonResponse(200, { id: 'u2', name: 'Bo' }))
      .on('GET /api/albumsDb', jsonResponse(200, []));
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const form = signUpPanel();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('placeholder', 'Enter your name');
    await user.type(within(form).getByLabelText('Name'), 'Bo');
    await user.type(within(form).getByLabelText('Email address'), 'bo@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long-enough');
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/albums/recent'));
    const [register] = network.sent('POST /api/users/addNewUser');
    expect(register!.body).toEqual({
      emailAddress: 'bo@example.com',
      id: '',
      name: 'Bo',
      profilePicUrl: DEFAULT_AVATAR_URL,
    });
    expect(register!.headers.get('idToken')).toBe(fakeIdToken('u2'));
    const calls = network.requests
      .map((request) => request.url.pathname)
      .filter((pathname) => pathname !== '/api/client-config');
    expect(calls.slice(0, 2)).toEqual(['/identity/v1/accounts:signUp', '/api/users/addNewUser']);
  });

  it('tells a refused sign-up in words and clears e-mail and password', async () => {
    fakeNetwork().on('POST /identity/v1/accounts:signUp', identityError('EMAIL_EXISTS'));
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const form = signUpPanel();
    await user.type(within(form).getByLabelText('Name'), 'Bo');
    await user.type(within(form).getByLabelText('Email address'), 'bo@example.com');
    await user.type(within(form).getByLabelText('Password'), 'long-enough');
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail address already exists.',
    );
    expect(within(form).getByLabelText('Email address')).toHaveValue('');
    expect(within(form).getByLabelText('Password')).toHaveValue('');
    expect(within(form).getByLabelText('Name')).toHaveValue('Bo');
  });
});
