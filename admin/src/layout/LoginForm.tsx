import { Alert, Box, Button, CardContent, Checkbox, CircularProgress, FormControlLabel, Link, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { Form, PasswordInput, required, TextInput, useInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { TwoFactorRequired, type LoginParams } from '../authProvider';
import { errorMessage, errorNotification } from '../components/errors';
import { errorBodyCode } from '../lib/api-error';
import { codeDigits } from '../twoFactor/api';

/**
 * Signing in: nickname, password and "remember me"; then, for an account with two-factor
 * authentication, the code from the app or a recovery code.
 */
export function LoginForm() {
  const [challenge, setChallenge] = useState<string | null>(null);
  return challenge ? <CodeStep challenge={challenge} onBack={() => setChallenge(null)} /> : <PasswordStep onChallenge={setChallenge} />;
}

/** react-admin's login form content, width and spacing. */
const CONTENT_SX = { width: { xs: 'min(300px, calc(100vw - 64px))', sm: 300 }, pb: '16px !important' } as const;

function RememberInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'remember', defaultValue: false });
  return (
    <FormControlLabel
      sx={{ mt: -0.5 }}
      control={<Checkbox name="remember" checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />}
      label={translate('two_factor.login.remember')}
    />
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [loading, setLoading] = useState(false);

  const submit = (values: Record<string, unknown>) => {
    setLoading(true);
    const params: LoginParams = { username: String(values.username ?? ''), password: String(values.password ?? ''), remember: values.remember === true };
    login(params)
      .catch((error: unknown) => {
        if (error instanceof TwoFactorRequired) onChallenge(error.challenge);
        else notify(...errorNotification(error));
      })
      .finally(() => setLoading(false));
  };

  return (
    <Form onSubmit={submit} mode="onChange" noValidate>
      <CardContent sx={CONTENT_SX}>
        <TextInput autoFocus source="username" label={translate('ra.auth.username')} autoComplete="username" validate={required()} />
        <PasswordInput source="password" label={translate('ra.auth.password')} autoComplete="current-password" validate={required()} />
        <RememberInput />
        <Button variant="contained" type="submit" color="primary" disabled={loading} fullWidth sx={{ mt: 2 }}>
          {loading ? <CircularProgress size={19} thickness={3} sx={{ m: 0.3 }} /> : translate('ra.auth.sign_in')}
        </Button>
      </CardContent>
    </Form>
  );
}

type Problem = { message: string; args?: Record<string, unknown> };

function CodeStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const translate = useTranslate();
  const login = useLogin();
  const ids = { code: useId(), text: useId() };
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [expired, setExpired] = useState(false);

  const failed = (error: unknown) => {
    const body = (error as { body?: unknown }).body;
    const reason = errorBodyCode(body);
    if (reason === 'TWO_FACTOR_CHALLENGE_EXPIRED') {
      setExpired(true);
      setProblem({ message: 'two_factor.login.expired' });
      return;
    }
    if (reason === 'INVALID_TWO_FACTOR_CODE') {
      const left = (body as { error?: { details?: { attemptsLeft?: unknown } } }).error?.details?.attemptsLeft;
      setProblem({ message: 'two_factor.login.wrong_code', args: { count: typeof left === 'number' ? left : '?' } });
      setCode('');
      return;
    }
    setProblem({ message: errorMessage(error) });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || expired) return;
    if (code.trim() === '') {
      setProblem({ message: 'two_factor.code_required' });
      return;
    }
    setLoading(true);
    setProblem(null);
    login({ challenge, code } satisfies LoginParams)
      .catch(failed)
      .finally(() => setLoading(false));
  };

  const toggle = () => {
    setRecovery((value) => !value);
    setCode('');
    setProblem(null);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="login-code-step">
      <CardContent sx={CONTENT_SX}>
        <Stack spacing={2}>
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {translate('two_factor.login.code_title')}
            </Typography>
            <Typography id={ids.text} variant="body2" color="text.secondary">
              {translate(recovery ? 'two_factor.login.recovery_text' : 'two_factor.login.code_text')}
            </Typography>
          </Box>
          {problem && <Alert severity="error">{translate(problem.message, { _: problem.message, ...problem.args })}</Alert>}
          {!expired && (
            <TextField
              key={recovery ? 'recovery' : 'app'}
              id={ids.code}
              name="code"
              label={translate(recovery ? 'two_factor.login.recovery_code' : 'two_factor.login.code')}
              value={code}
              onChange={(event) => setCode(recovery ? event.target.value : codeDigits(event.target.value))}
              autoFocus
              autoComplete="one-time-code"
              fullWidth
              slotProps={{
                htmlInput: {
                  inputMode: recovery ? 'text' : 'numeric',
                  maxLength: recovery ? 11 : 6,
                  autoCapitalize: recovery ? 'characters' : 'none',
                  spellCheck: false,
                  'aria-describedby': ids.text,
                  style: { letterSpacing: recovery ? '0.08em' : '0.3em', fontSize: 18 },
                },
              }}
            />
          )}
          {expired ? (
            <Button variant="contained" fullWidth onClick={onBack}>
              {translate('two_factor.login.back')}
            </Button>
          ) : (
            <Button variant="contained" type="submit" color="primary" disabled={loading} fullWidth>
              {loading ? <CircularProgress size={19} thickness={3} sx={{ m: 0.3 }} /> : translate('two_factor.login.verify')}
            </Button>
          )}
          {!expired && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Link component="button" type="button" variant="body2" onClick={toggle}>
                {translate(recovery ? 'two_factor.login.use_app' : 'two_factor.login.use_recovery')}
              </Link>
              <Link component="button" type="button" variant="body2" color="text.secondary" onClick={onBack}>
                {translate('two_factor.login.back')}
              </Link>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Box>
  );
}
