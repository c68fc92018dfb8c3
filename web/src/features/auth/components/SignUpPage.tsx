import { useState } from 'react';
import { RoleChoice } from './sign-up/RoleChoice';
import { SignUpWizard } from './sign-up/SignUpWizard';
import type { SignUpRole } from '../model/sign-up-model';

/** /signup: role choice, then the owner (2 steps) or driver (3 steps) wizard (docs/product.md §2.5). */
export function SignUpPage() {
  const [role, setRole] = useState<SignUpRole | null>(null);
  const [started, setStarted] = useState(false);

  if (!started || !role) {
    return <RoleChoice role={role} onChange={setRole} onContinue={() => setStarted(true)} />;
  }
  return <SignUpWizard role={role} onBack={() => setStarted(false)} />;
}
