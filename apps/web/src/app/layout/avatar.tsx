import { DEFAULT_AVATAR_URL } from '@photo/contract';
import { sizedImageUrl } from '../../shared/lib/image-url';
import type { User } from '@photo/contract';

/** The signed-in person's picture, round; a plain circle until it is known. */
export function Avatar({ user, size }: { user: User | undefined; size: number }) {
  if (!user) return <span className="app-avatar-blank" style={{ width: size, height: size }} />;
  return (
    <img
      src={sizedImageUrl(user.profilePicUrl || DEFAULT_AVATAR_URL, 'thumb')}
      alt=""
      width={size}
      height={size}
      className="rounded-circle app-avatar"
    />
  );
}
