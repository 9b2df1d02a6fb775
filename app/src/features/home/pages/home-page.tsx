import { useCurrentUser } from '@app/features/auth/api';

export function HomePage() {
  const { data: user } = useCurrentUser();
  return (
    <section>
      <h1 className="text-3xl font-bold text-white">Welcome back, {user?.username}</h1>
    </section>
  );
}
