import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { signIn } from '@/lib/auth';
import type { Credentials } from '@/lib/auth/types';
import { useAppDispatch } from '@/lib/store';
import { SignInScreen } from './sign-in/SignInScreen';

/** Optional notice handed over by another screen (e.g. after a password reset). */
export interface SignInNotice {
  notice?: string;
}

/**
 * Sign-in (docs/product.md §2.3) at "/" and /signin inside the app: the same SignInScreen the
 * page starts with before the app loads (src/main.tsx), signing in through the store. Leaving
 * after success is done by the route guard.
 */
export function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as SignInNotice | null)?.notice;
  const signInWithStore = useCallback(
    async (credentials: Credentials) => {
      await dispatch(signIn(credentials));
    },
    [dispatch],
  );
  const open = useCallback((path: string) => void navigate(path), [navigate]);
  // Re-renders when the language changes (the screen's texts are the locale files').
  useTranslation();
  return <SignInScreen notice={notice} signIn={signInWithStore} open={open} language={currentLanguage()} onLanguageChange={setLanguage} />;
}
