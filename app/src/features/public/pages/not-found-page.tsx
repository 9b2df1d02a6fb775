import { Link } from 'react-router';
import { paths } from '@common/paths';
import { Button } from '@app/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-4xl font-bold text-white">404 Page Not Found</h1>
      <p className="mt-4 text-slate-300">
        This corner of the dreamscape does not exist — or it faded when you woke up.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Return Home</Link>
      </Button>
    </div>
  );
}
