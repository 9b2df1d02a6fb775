import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '@common/paths';
import { loginBodySchema, type LoginBody } from '@common/schemas/auth';
import { toast } from '@app/lib/toast-store';
import { authFailureMessage, useLogin } from '../api';
import { AuthCard } from '../components/auth-card';
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
    <AuthCard
      heading={variant === 'auth' ? 'Welcome Back' : 'Log In'}
      subtitle={variant === 'auth' ? 'Access your dream universe' : 'Sign in to continue your dream journal'}
      failure={failure}
      onSubmit={(e) => void onSubmit(e)}
      submitLabel="Log In"
      pendingLabel="Logging in..."
      pending={login.isPending}
      footer={{
        text: 'New here?',
        link: 'Create an account',
        to: variant === 'auth' ? paths.basicRegister : paths.register,
      }}
    >
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
    </AuthCard>
  );
}

export function LoginRoute() {
  return <LoginPage variant="login" />;
}

export function AuthRoute() {
  return <LoginPage variant="auth" />;
}
