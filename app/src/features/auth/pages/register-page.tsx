import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { paths } from '@common/paths';
import { registerFormSchema, type RegisterForm } from '@common/schemas/auth';
import { BRAND } from '@app/config/brand';
import { ApiError } from '@app/lib/api-client';
import { toast, toastAfterReload } from '@app/lib/toast-store';
import { authFailureMessage, useRegister } from '../api';
import { AuthCard } from '../components/auth-card';
import { FormField } from '../components/form-field';

const EMPTY: RegisterForm = { username: '', email: '', password: '', confirmPassword: '' };

function RegisterFields({ form }: { form: ReturnType<typeof useForm<RegisterForm>> }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        id="username"
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        id="email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        id="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
    </>
  );
}

/** /register: toast "Account created!" and go home. */
export function RegisterPage() {
  const register = useRegister();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(({ username, email, password }) => {
    setFailure(null);
    register.mutate(
      { username, email, password },
      {
        onSuccess: () => {
          toast({ title: 'Account created!', description: `Welcome to ${BRAND.name}, ${username}.` });
          void navigate(paths.home);
        },
        onError: (err) => {
          const message =
            err instanceof ApiError
              ? authFailureMessage(err, 'Registration')
              : 'Registration failed. Please try again.';
          setFailure(err instanceof ApiError ? (err.serverMessage ?? 'Registration failed') : message);
          toast({ title: 'Registration failed', description: message, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <AuthCard
      heading="Create Account"
      subtitle="Start your journal of the dream realms"
      failure={failure}
      onSubmit={(e) => void onSubmit(e)}
      submitLabel="Create Account"
      pendingLabel="Creating Account..."
      pending={register.isPending}
      footer={{ text: 'Already have an account?', link: 'Log in', to: paths.login }}
    >
      <RegisterFields form={form} />
    </AuthCard>
  );
}

/** /basic-register: taken username/email land on their fields; success is a full page load to /, which shows the welcome toast. */
export function BasicRegisterPage() {
  const register = useRegister();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit((values) => {
    setBanner(null);
    register.mutate(values, {
      onSuccess: (user) => {
        toastAfterReload({
          title: 'Registration successful',
          description: `Welcome to ${BRAND.name}, ${user.username}!`,
        });
        window.location.assign(paths.home);
      },
      onError: (err) => {
        const message = err instanceof ApiError ? (err.serverMessage ?? '') : '';
        if (message.includes(MSG.usernameTaken)) form.setError('username', { message: MSG.usernameTakenField });
        else if (message.includes(MSG.emailTaken)) form.setError('email', { message: MSG.emailTakenField });
        else setBanner(message || 'Registration failed. Please try again.');
      },
    });
  });

  return (
    <AuthCard
      heading={
        <>
          Join <span className="text-dream-300">{BRAND.first}</span>{' '}
          <span className="text-aurora-300">{BRAND.second}</span>
        </>
      }
      subtitle={BRAND.tagline}
      failure={banner}
      onSubmit={(e) => void onSubmit(e)}
      submitLabel="Create Account"
      pendingLabel="Creating Account..."
      pending={register.isPending}
      footer={{ text: 'Already a traveler?', link: 'Log in', to: paths.auth }}
    >
      <RegisterFields form={form} />
    </AuthCard>
  );
}
