import { useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { AuthLayout } from '@/components/layout/AuthLayout';
import type { Credentials } from '@/lib/auth/types';
import { paths } from '@/lib/paths';
import { startLanguage, storeLanguage, type Language } from '@/lib/i18n/language';
import { signInErrors, signInFailure, type SignInErrors, type SignInValues } from './sign-in-rules';
import { signInTexts } from './sign-in-texts';
import './SignInScreen.css';

export interface SignInScreenProps {
  /** A notice handed over by another screen (e.g. after a password reset). */
  notice?: string;
  /** Signs in; rejects with an RTK Query-shaped error (`{ status, data }`) on failure. */
  signIn: (credentials: Credentials) => Promise<void>;
  /** Opens an app path (a plain left click on one of the page's links). */
  open: (path: string) => void;
  /** The language shown; before the app, the device's choice or the browser's. */
  language?: Language;
  /** Called when the visitor picks the other language (the app switches its texts too). */
  onLanguageChange?: (language: Language) => void;
}

/** Each language's name in itself: the switch offers the other one. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * Sign-in (docs/product.md §2.3) at "/" and /signin: one component for both ways it shows.
 * Before the app has loaded (src/main.tsx) it is the whole page; inside the app
 * (SignInPage) the router hands it the notice and how to sign in and open a link. Plain
 * React and CSS, no MUI, router or store: the page starts with react-dom alone (the bundle
 * budget, scripts/check-bundle-size.mjs). It reproduces the MUI page it replaced: outlined
 * fields, the password toggle, the busy button, the banners. Texts are the locale files' (en-US
 * or es), with a switch to the other language (kept on this device).
 */
export function SignInScreen({ notice, signIn, open, language: shownLanguage, onLanguageChange }: SignInScreenProps) {
  const [chosenLanguage, setChosenLanguage] = useState<Language>(() => shownLanguage ?? startLanguage());
  const language = shownLanguage ?? chosenLanguage;
  const { signIn: texts, form: formTexts, links } = signInTexts(language);
  const otherLanguage: Language = language === 'es' ? 'en' : 'es';
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (name: keyof SignInValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // After the first submit a field checks itself again on every change.
    if (submitted) setErrors((current) => ({ ...current, [name]: signInErrors(next, language)[name] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setSubmitted(true);
    const found = signInErrors(values, language);
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setLoading(true);
    setFailure(null);
    try {
      await signIn({ username: values.username.trim(), password: values.password });
    } catch (error) {
      setFailure(signInFailure(error, language));
      setLoading(false);
    }
  };

  const link = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open(event.currentTarget.getAttribute('href')!);
  };

  const footer = (
    <div className="signin-support">
      <a className="signin-link" href={paths.help} onClick={link}>
        {links.help}
      </a>
      <p aria-hidden="true">|</p>
      <a className="signin-link" href={paths.contactUs} onClick={link}>
        {links.contactUs}
      </a>
      <p aria-hidden="true">|</p>
      <button
        type="button"
        className="signin-link signin-language"
        lang={otherLanguage}
        onClick={() => {
          storeLanguage(otherLanguage);
          setChosenLanguage(otherLanguage);
          setErrors({});
          setFailure(null);
          document.documentElement.lang = otherLanguage;
          onLanguageChange?.(otherLanguage);
        }}
      >
        {LANGUAGE_NAMES[otherLanguage]}
      </button>
    </div>
  );

  return (
    <AuthLayout title={texts.title} subtitle={texts.subtitle} footer={footer} tagline={signInTexts(language).tagline}>
      <form className="signin-form" noValidate onSubmit={(event) => void submit(event)} aria-label={texts.title}>
        {notice && !failure && <Banner severity="success">{notice}</Banner>}
        {failure && <Banner severity="error">{failure}</Banner>}
        <Field
          name="username"
          label={texts.username}
          autoComplete="username"
          autoFocus
          value={values.username}
          error={errors.username}
          onChange={(value) => change('username', value)}
          inputRef={usernameRef}
        />
        <Field
          name="password"
          label={texts.password}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(value) => change('password', value)}
          inputRef={passwordRef}
          end={
            <button
              type="button"
              className="signin-toggle"
              aria-label={passwordVisible ? formTexts.hidePassword : formTexts.showPassword}
              onClick={() => setPasswordVisible((shown) => !shown)}
              onMouseDown={(event) => event.preventDefault()}
            >
              <Icon path={passwordVisible ? VISIBILITY_OFF : VISIBILITY} />
            </button>
          }
        />
        <div className="signin-forgot">
          <a className="signin-link signin-link-small" href={paths.forgotPassword} onClick={link}>
            {texts.forgotPassword}
          </a>
        </div>
        <button type="submit" className="signin-button signin-button-contained" disabled={loading}>
          {loading && (
            <span className="signin-button-icon">
              <Spinner />
            </span>
          )}
          {texts.submit}
        </button>
        <div className="signin-divider" role="separator">
          <span className="signin-divider-text">{texts.noAccount}</span>
        </div>
        <a className="signin-button signin-button-outlined" href={paths.signUp} onClick={link}>
          {texts.createAccount}
        </a>
      </form>
    </AuthLayout>
  );
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  onChange: (value: string) => void;
  inputRef: Ref<HTMLInputElement>;
  /** At the field's end, e.g. the password toggle. */
  end?: ReactNode;
}

/** An outlined text field with a floating label and its error below (MUI's outlined TextField look). */
function Field({ name, label, value, error, type = 'text', autoComplete, autoFocus, onChange, inputRef, end }: FieldProps) {
  const id = `${name}-${useId()}`;
  const [focused, setFocused] = useState(false);
  const raised = focused || value !== '';
  const classes = ['signin-field', raised && 'signin-field-raised', focused && 'signin-field-focused', error && 'signin-field-error', end && 'signin-field-end'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label className="signin-label" htmlFor={id}>
        {label}
      </label>
      <div className="signin-input-box">
        <input
          id={id}
          ref={inputRef}
          className="signin-input"
          name={name}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-helper-text` : undefined}
        />
        {end && <div className="signin-input-end">{end}</div>}
        <fieldset className="signin-outline" aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error && (
        <p className="signin-helper" id={`${id}-helper-text`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** MUI's icons (Visibility, VisibilityOff, ErrorOutline, SuccessOutlined). */
const VISIBILITY =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const VISIBILITY_OFF =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
const ERROR_OUTLINE =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z';
const SUCCESS_OUTLINED =
  'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z';

function Icon({ path }: { path: string }) {
  return (
    <svg className="signin-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

/** MUI's standard Alert (role alert, as MUI gives every Alert): the failure or a notice handed over. */
function Banner({ severity, children }: { severity: 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`signin-banner signin-banner-${severity}`} role="alert">
      <div className="signin-banner-icon">
        <Icon path={severity === 'error' ? ERROR_OUTLINE : SUCCESS_OUTLINED} />
      </div>
      <div className="signin-banner-message">{children}</div>
    </div>
  );
}

/** MUI's indeterminate CircularProgress, 18 px: the busy submit button's spinner. */
function Spinner() {
  return (
    <span className="signin-spinner" aria-hidden="true">
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
