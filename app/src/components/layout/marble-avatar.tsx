import type { PublicUser } from '@common/schemas/auth';
import { cn } from '@app/lib/cn';

const SIZES = { sm: 32, md: 40, lg: 64, xl: 96 } as const;

/** The user's marble: a glossy sphere in their colour with an accent glint and glow outline. */
export function MarbleAvatar({
  user,
  size = 'md',
  className,
}: {
  user: Pick<PublicUser, 'username' | 'avatarColor' | 'hairColor' | 'eyeColor'>;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const px = SIZES[size];
  return (
    <span
      role="img"
      aria-label={`${user.username}'s marble avatar`}
      className={cn('relative inline-block shrink-0 overflow-hidden rounded-full', className)}
      style={{
        width: px,
        height: px,
        background: `radial-gradient(circle at 32% 28%, #ffffffcc 0%, ${user.avatarColor} 38%, #0b0820 100%)`,
        boxShadow: `0 0 0 2px ${user.eyeColor}55, 0 0 12px ${user.eyeColor}44`,
      }}
    >
      <span
        className="absolute inset-[22%] rounded-full opacity-70 mix-blend-screen"
        style={{ background: `conic-gradient(from 40deg, transparent, ${user.hairColor}, transparent 60%)` }}
      />
    </span>
  );
}
