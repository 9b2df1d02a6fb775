import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '@common/paths';
import { loginBodySchema, type LoginBody } from '@common/schemas/auth';
import { Button } from '@app/components/ui/button';
import { Alert, Card } from '@app/components/ui/misc';
import { toast } from '@app/lib/toast-store';
import { authFailureMessage, useLogin } from '../api';
import { FormField } from '../components/form-field';

/** /login and /auth: the same form; /auth carries the "Welcome Back" heading and links to /basic-register. */
export function LoginPage({ variant }: { variant: 'login' | 'auth' }) {
  const login = useLogin();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
        void navigate(paths.home);
      },
      onError: (err) => {
        const message = authFailureMessage(err, 'Login');
        setFailure(message);
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <div className="mx-auto max-w-md">
      <Card>
        <h1 className="text-2xl font-bold text-white">{variant === 'auth' ? 'Welcome Back' : 'Log In'}</h1>
        <p className="mt-1 text-slate-300">
          {variant === 'auth' ? 'Access your dream universe' : 'Sign in to continue your dream journal'}
        </p>
        <form className="mt-6 grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          {failure ? <Alert variant="destructive">{failure}</Alert> : null}
          <FormField
            id="username"
            label="Username"
            autoComplete="username"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <FormField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
        <p className="mt-4 text-sm text-slate-300">
          New here?{' '}
          <Link className="text-dream-300 underline-offset-4 hover:underline" to={variant === 'auth' ? paths.basicRegister : paths.register}>
            Create an account
          </Link>
        </p>
      </Card>
    </div>
  );
}

export function LoginRoute() {
  return <LoginPage variant="login" />;
}

export function AuthRoute() {
  return <LoginPage variant="auth" />;
}
