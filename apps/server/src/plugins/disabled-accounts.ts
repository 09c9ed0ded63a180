import { AppError } from '../lib/errors.js';

/**
 * Which accounts an administrator disabled, as this instance knows it: read again from the
 * database at most every `refreshSeconds` (on the first request after that), so an account
 * disabled on any instance is refused on every instance within that time; the instance that
 * disabled it knows at once. The auth hook asks for every request with an ID token.
 */
export interface DisabledAccounts {
  /** Throws 401 ACCOUNT_DISABLED when the account is disabled. */
  check(uid: string): Promise<void>;
  /** The account was disabled (true) or enabled again on this instance: known at once. */
  changed(uid: string, disabled: boolean): void;
}

export function createDisabledAccounts(options: {
  /** The ids of every disabled account. */
  load: () => Promise<string[]>;
  refreshSeconds: number;
  now?: () => number;
}): DisabledAccounts {
  const now = options.now ?? Date.now;
  let disabled = new Set<string>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;

  const refresh = () => {
    loading ??= options
      .load()
      .then((ids) => {
        disabled = new Set(ids);
        loadedAt = now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    async check(uid) {
      if (now() - loadedAt >= options.refreshSeconds * 1000) await refresh();
      if (disabled.has(uid)) {
        throw new AppError(
          'ACCOUNT_DISABLED',
          'This account has been disabled by an administrator: it cannot be used any more.',
        );
      }
    },
    changed(uid, isDisabled) {
      if (isDisabled) disabled.add(uid);
      else disabled.delete(uid);
    },
  };
}
