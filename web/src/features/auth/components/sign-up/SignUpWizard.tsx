import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { CheckboxInput, Form, PasswordInput, SubmitButton, TextInput } from '@/components/form';
import { AuthLayout } from '@/components/layout/AuthLayout';
import { BackButton } from '@/components/navigation';
import { errorMessage, errorStatus, fieldErrors } from '@/lib/api';
import { useServerCheck, type ServerCheck, type ServerCheckResult } from '@/lib/forms';
import { currentLanguage } from '@/lib/i18n';
import { notify } from '@/lib/notifier';
import {
  useCreateCompanyAccountMutation,
  useCreateDriverAccountMutation,
  useLazyCheckCardNumberQuery,
  useLazyCheckEmailQuery,
} from '../../api/account-create-api';
import {
  cardCheckApplies,
  driverPayload,
  emailCheckApplies,
  EMPTY_SIGN_UP,
  ownerPayload,
  placeServerErrors,
  STEPS,
  stepOfField,
  stepSchema,
  type ServerRefusal,
  type SignUpRole,
  type SignUpValues,
} from '../../model/sign-up-model';
import { CARD_NUMBER_LENGTH, CARRIER_ID_LENGTH } from '../../model/schemas';
import { SignUpFooter } from './SignUpFooter';

/** Statuses a server check answers with "this value is refused". */
const REFUSED = new Set([400, 404, 409, 422]);

function checkAdornment(check: ServerCheck, validLabel: string, checkingLabel: string) {
  if (check.status === 'loading') {
    return (
      <InputAdornment position="end">
        <CircularProgress size={18} aria-label={checkingLabel} />
      </InputAdornment>
    );
  }
  if (check.status === 'valid') {
    return (
      <InputAdornment position="end">
        <CheckCircleIcon color="success" aria-label={validLabel} />
      </InputAdornment>
    );
  }
  return undefined;
}

interface SignUpWizardProps {
  role: SignUpRole;
  onBack: () => void;
}

export function SignUpWizard({ role, onBack }: SignUpWizardProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const steps = STEPS[role];
  const [stepIndex, setStepIndex] = useState(0);
  const [completed, setCompleted] = useState<boolean[]>(() => steps.map(() => false));
  /** Which server check blocked the step; its banner shows while that check still fails. */
  const [blocked, setBlocked] = useState<'email' | 'card' | null>(null);
  const step = steps[stepIndex];

  // One form for the whole wizard; the resolver validates the fields of the current step only.
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);
  const form = useForm<SignUpValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_SIGN_UP,
    resolver: ((values, context, options) =>
      zodResolver(stepSchema(role, stepRef.current, t))(values, context, options as never)) as Resolver<SignUpValues>,
  });

  const [checkEmail] = useLazyCheckEmailQuery();
  const [checkCardNumber] = useLazyCheckCardNumberQuery();
  const email = useWatch({ control: form.control, name: 'email' });
  const cardNumber = useWatch({ control: form.control, name: 'cardNumber' });
  const values = useWatch({ control: form.control }) as SignUpValues;

  /** The server's field errors of the last submit, with the values it refused. */
  const [refusal, setRefusal] = useState<(ServerRefusal & { values: SignUpValues }) | null>(null);
  // Shown on their fields until one of the refused values changes: the
  // card-and-company mismatch is about the pair, so fixing either clears both.
  const refusalStands =
    refusal !== null &&
    Object.keys(refusal.errors).every(
      (field) => values[field as keyof SignUpValues] === refusal.values[field as keyof SignUpValues],
    );
  const serverError = (field: keyof SignUpValues) => (refusalStands ? refusal.errors[field] : undefined);

  const emailCheck = useServerCheck(email, emailCheckApplies, async (value): Promise<ServerCheckResult> => {
    try {
      await checkEmail(value.trim()).unwrap();
      return { status: 'valid' };
    } catch (error) {
      const status = errorStatus(error);
      if (status === undefined || !REFUSED.has(status)) return { status: 'unknown' };
      return { status: 'invalid', message: errorMessage(error, t('signUp.errors.emailInUse')) };
    }
  });
  const cardCheck = useServerCheck(cardNumber, cardCheckApplies, async (value): Promise<ServerCheckResult> => {
    try {
      await checkCardNumber(value.trim()).unwrap();
      return { status: 'valid' };
    } catch (error) {
      const status = errorStatus(error);
      if (status === undefined || !REFUSED.has(status)) return { status: 'unknown' };
      return { status: 'invalid', message: errorMessage(error, t('signUp.errors.invalidCard')) };
    }
  });

  const [createCompanyAccount, companyCreation] = useCreateCompanyAccountMutation();
  const [createDriverAccount, driverCreation] = useCreateDriverAccountMutation();
  const submitting = companyCreation.isLoading || driverCreation.isLoading;

  /** Moves to `target`, resetting the form with the merged data (docs/product.md §2.5). */
  const goTo = (target: number) => {
    setBlocked(null);
    form.reset({ ...form.getValues() });
    setStepIndex(target);
  };

  /** The step's server check (email or card): false, with its banner, when it refused the value. */
  const serverCheckPasses = async (): Promise<boolean> => {
    if (step === 'credentials' && (await emailCheck.settle()) === 'invalid') {
      setBlocked('email');
      return false;
    }
    if (step === 'card' && (await cardCheck.settle()) === 'invalid') {
      setBlocked('card');
      return false;
    }
    return true;
  };

  /** Validates the current step, its server check included; true when it may be left forward. */
  const validateCurrentStep = async (): Promise<boolean> => {
    setBlocked(null);
    const valid = await form.trigger();
    if (!(await serverCheckPasses())) return false;
    return valid;
  };

  // The banner goes as soon as the refused value is fixed (e.g. the card gets its green check).
  const blockedMessage =
    blocked === 'email' && emailCheck.status === 'invalid'
      ? t('signUp.errors.fixEmail')
      : blocked === 'card' && cardCheck.status === 'invalid'
        ? t('signUp.errors.fixCard')
        : null;

  const markCompleted = (index: number) =>
    setCompleted((previous) => previous.map((done, i) => (i === index ? true : done)));

  const onStepClick = async (target: number) => {
    if (target === stepIndex) return;
    if (target < stepIndex) {
      goTo(target);
      return;
    }
    if (!(await validateCurrentStep())) return;
    markCompleted(stepIndex);
    // Jump only as far as the steps in between are done.
    let reachable = stepIndex + 1;
    while (reachable < target && completed[reachable]) reachable += 1;
    goTo(reachable);
  };

  const createAccount = async (submitted: SignUpValues) => {
    setRefusal(null);
    try {
      if (role === 'company_owner') await createCompanyAccount(ownerPayload(submitted)).unwrap();
      else await createDriverAccount(driverPayload(submitted, currentLanguage())).unwrap();
      notify.success(t('signUp.success'));
      await navigate(paths.signIn, { replace: true });
    } catch (error) {
      // Field errors go to their fields, on the first step that shows one.
      const fields = fieldErrors(error);
      const placed = fields && placeServerErrors(role, fields);
      if (placed) {
        setRefusal({ ...placed, values: submitted });
        // The steps holding a refused field are not finished any more.
        const refused = new Set(Object.keys(placed.errors).map((field) => stepOfField(role, field as keyof SignUpValues)));
        setCompleted((previous) => previous.map((done, i) => done && !refused.has(steps[i])));
        goTo(steps.indexOf(placed.step));
        return;
      }
      notify.error(errorMessage(error, t('signUp.errors.default')));
    }
  };

  const onNext = async () => {
    if (!(await validateCurrentStep())) return;
    markCompleted(stepIndex);
    if (stepIndex < steps.length - 1) {
      goTo(stepIndex + 1);
      return;
    }
    await createAccount({ ...EMPTY_SIGN_UP, ...form.getValues() });
  };

  const roleName = t(`signUp.roles.${role}`);
  const isLast = stepIndex === steps.length - 1;

  return (
    <AuthLayout tagline={t('common:tagline')}
      title={t('signUp.formTitle', { role: roleName })}
      leading={<BackButton label={t('signUp.backToRoles')} onClick={onBack} />}
      footer={<SignUpFooter />}
    >
      <Typography variant="overline" color="textSecondary" component="p" data-testid="step-indicator">
        {t('signUp.stepOf', { current: stepIndex + 1, total: steps.length })}
      </Typography>
      <Stepper nonLinear activeStep={stepIndex} alternativeLabel sx={{ my: 2 }}>
        {steps.map((name, index) => (
          <Step key={name} completed={completed[index]}>
            <StepButton onClick={() => void onStepClick(index)}>{t(`signUp.steps.${name}`)}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Form
        form={form}
        onSubmit={() => onNext()}
        // Other fields' errors stop the submit here: the server check's banner must show all the same.
        onInvalid={() => {
          setBlocked(null);
          void serverCheckPasses();
        }}
        aria-label={t(`signUp.steps.${step}`)}
      >
        <Stack spacing={2}>
          {step === 'credentials' && (
            <>
              <TextInput
                name="email"
                type="email"
                label={t('signUp.fields.email')}
                autoComplete="email"
                externalError={emailCheck.status === 'invalid' ? emailCheck.message : serverError('email')}
                slotProps={{
                  input: { endAdornment: checkAdornment(emailCheck, t('signUp.emailAvailable'), t('signUp.checking')) },
                }}
              />
              <PasswordInput
                name="password"
                label={t('signUp.fields.password')}
                autoComplete="new-password"
                externalError={serverError('password')}
              />
              <PasswordInput name="passwordConfirm" label={t('signUp.fields.passwordConfirm')} autoComplete="new-password" />
            </>
          )}
          {step === 'card' && (
            <>
              <TextInput
                name="companyName"
                label={t('signUp.fields.companyName')}
                autoComplete="organization"
                externalError={serverError('companyName')}
              />
              <TextInput
                name="cardNumber"
                label={t('signUp.fields.cardNumber')}
                externalError={cardCheck.status === 'invalid' ? cardCheck.message : serverError('cardNumber')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: CARD_NUMBER_LENGTH },
                  input: {
                    endAdornment: serverError('cardNumber')
                      ? undefined
                      : checkAdornment(cardCheck, t('signUp.cardValid'), t('signUp.checking')),
                  },
                }}
              />
            </>
          )}
          {step === 'personal' && role === 'company_owner' && (
            <>
              <TextInput
                name="companyName"
                label={t('signUp.fields.companyName')}
                autoComplete="organization"
                externalError={serverError('companyName')}
              />
              <TextInput
                name="carrierId"
                label={t('signUp.fields.carrierId')}
                externalError={serverError('carrierId')}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CARRIER_ID_LENGTH } }}
              />
            </>
          )}
          {step === 'personal' && role === 'company_driver' && (
            <>
              <TextInput
                name="firstName"
                label={t('signUp.fields.firstName')}
                autoComplete="given-name"
                externalError={serverError('firstName')}
              />
              <TextInput
                name="lastName"
                label={t('signUp.fields.lastName')}
                autoComplete="family-name"
                externalError={serverError('lastName')}
              />
            </>
          )}
          {step === 'personal' && (
            <>
              <TextInput
                name="phoneNumber"
                type="tel"
                label={t('signUp.fields.phoneNumber')}
                autoComplete="tel"
                externalError={serverError('phoneNumber')}
              />
              <CheckboxInput
                name="agreeToTerms"
                label={
                  <Trans
                    t={t}
                    i18nKey="signUp.agreeToTerms"
                    components={{ terms: <Link href={paths.termsAndConditions} target="_blank" rel="noopener" /> }}
                  />
                }
              />
            </>
          )}
          {blockedMessage && (
            <Alert severity="error" role="alert">
              {blockedMessage}
            </Alert>
          )}
          <SubmitButton size="large" busy={submitting}>
            {isLast ? t('signUp.submit') : t('signUp.next')}
          </SubmitButton>
        </Stack>
      </Form>
    </AuthLayout>
  );
}
