import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';

const FREE_CARD = '7071000000000000021';

function signUpHandlers(calls: { emails: string[]; cards: string[]; created: unknown[] }) {
  return [
    http.get(apiUrl('/account/check/email/:email'), ({ params }) => {
      calls.emails.push(String(params.email));
      if (params.email === 'taken@demo.test') {
        return HttpResponse.json({ status: 409, message: 'This email is already in use' }, { status: 409 });
      }
      return HttpResponse.json({ available: true });
    }),
    http.get(apiUrl('/account/check/cardNumber/:card'), ({ params }) => {
      calls.cards.push(String(params.card));
      if (params.card === FREE_CARD) return HttpResponse.json({ valid: true });
      return HttpResponse.json({ status: 404, message: 'Invalid card number' }, { status: 404 });
    }),
    http.post(apiUrl('/company/account/create'), async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
    http.post(apiUrl('/account/create'), async ({ request }) => {
      calls.created.push(await request.json());
      return HttpResponse.json({}, { status: 201 });
    }),
  ];
}

function setup() {
  const calls = { emails: [] as string[], cards: [] as string[], created: [] as unknown[] };
  server.use(...signUpHandlers(calls));
  const view = renderApp(paths.signUp);
  return { ...view, calls };
}

type User = ReturnType<typeof renderApp>['user'];

async function chooseRole(user: User, role: 'Company Owner' | 'Company Driver') {
  await user.click(await screen.findByRole('radio', { name: new RegExp(role) }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/**
 * Puts `text` into the field at once (a click, then a paste): one change instead of a render of the
 * whole wizard per key. The tests of what happens while a value is typed type it key by key.
 */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillCredentials(user: User, email = 'new.owner@fleet.test', input: 'typed' | 'pasted' = 'pasted') {
  const fill = input === 'typed' ? (field: HTMLElement, text: string) => user.type(field, text) : (field: HTMLElement, text: string) => enter(user, field, text);
  await fill(await screen.findByLabelText('Email'), email);
  await fill(screen.getByLabelText('Password'), 'Secret12');
  await fill(screen.getByLabelText('Confirm password'), 'Secret12');
}

describe('sign-up role step', () => {
  it('keeps Continue disabled until a role is chosen and shows the links', async () => {
    const { user } = setup();
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', paths.signIn);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', paths.help);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', paths.contactUs);
    await user.click(screen.getByRole('radio', { name: /Company Driver/ }));
    expect(continueButton).toBeEnabled();
  });

  it.each([
    ['Company Owner', 'Step 1 of 2'],
    ['Company Driver', 'Step 1 of 3'],
  ] as const)('titles the %s form with the chosen role and counts its steps', async (role, indicator) => {
    const { user } = setup();
    await chooseRole(user, role);
    expect(await screen.findByRole('heading', { name: `${role} registration` })).toBeInTheDocument();
    expect(screen.getByTestId('step-indicator')).toHaveTextContent(indicator);
  });

  it('returns to the role choice with the back arrow', async () => {
    const { user } = setup();
    await chooseRole(user, 'Company Owner');
    await user.click(await screen.findByRole('button', { name: 'Back to role choice' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('sign-up credentials step', () => {
  it('shows the credential rules', async () => {
    const { user } = setup();
    await chooseRole(user, 'Company Owner');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secretpw');
    await user.type(screen.getByLabelText('Confirm password'), 'secretpx');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Password must contain at least one letter and one number')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
  });

  it('checks the email only once it contains @ and blocks Next when it is taken', async () => {
    const { user, calls } = setup();
    await chooseRole(user, 'Company Owner');
    await user.type(await screen.findByLabelText('Email'), 'taken');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.emails).toEqual([]);
    // The rest at once: typed key by key, a key slower than the check's debounce would check a partial address.
    await enter(user, screen.getByLabelText('Email'), '@demo.test');
    expect(await screen.findByText('This email is already in use')).toBeInTheDocument();
    expect(calls.emails).toEqual(['taken@demo.test']);
    await enter(user, screen.getByLabelText('Password'), 'Secret12');
    await enter(user, screen.getByLabelText('Confirm password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the email validation error before continuing.');
    expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 1 of 2');
  });

  it('falls back to the default message when the server gives none', async () => {
    server.use(http.get(apiUrl('/account/check/email/:email'), () => new HttpResponse(null, { status: 409 })));
    const { user } = renderApp(paths.signUp);
    await chooseRole(user, 'Company Owner');
    await enter(user, await screen.findByLabelText('Email'), 'someone@demo.test');
    expect(await screen.findByText('This email is already in use')).toBeInTheDocument();
  });
});

describe('owner sign-up', () => {
  it('validates personal info, sends carrierId as an integer and goes to /signin', async () => {
    const { user, calls, router } = setup();
    await chooseRole(user, 'Company Owner');
    await fillCredentials(user, undefined, 'typed');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Next waits for the server email/card check to settle, so wait for the step to change.
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 2 of 2'));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Carrier ID is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company name'), 'A');
    await user.type(screen.getByLabelText('Carrier ID'), '123456');
    await user.type(screen.getByLabelText('Phone number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Company name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Carrier ID must be exactly 7 digits')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Company name'), 'cme Haulage');
    await user.type(screen.getByLabelText('Carrier ID'), '7');
    await user.clear(screen.getByLabelText('Phone number'));
    await enter(user, screen.getByLabelText('Phone number'), '+1 (407) 555-0100');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', paths.termsAndConditions);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signIn));
    expect(calls.created).toEqual([
      {
        username: 'new.owner@fleet.test',
        password: 'Secret12',
        email: 'new.owner@fleet.test',
        companyName: 'Acme Haulage',
        carrierId: 1234567,
        phoneNumber: '+1 (407) 555-0100',
      },
    ]);
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
  });

  it('keeps entered data when going back through the clickable steps, with a check mark on finished steps', async () => {
    const { user } = setup();
    await chooseRole(user, 'Company Owner');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Company name'), 'Acme');
    const stepper = document.querySelector('.MuiStepper-root') as HTMLElement;
    expect(stepper.querySelectorAll('.Mui-completed.MuiStepIcon-root')).toHaveLength(1);
    await user.click(within(stepper).getByRole('tab', { name: /Login Credentials/ }));
    expect(await screen.findByLabelText('Email')).toHaveValue('new.owner@fleet.test');
    await user.click(within(stepper).getByRole('tab', { name: /Personal Info/ }));
    expect(await screen.findByLabelText('Company name')).toHaveValue('Acme');
  });

  it('shows a server error through the notifier', async () => {
    const { user } = setup();
    server.use(
      http.post(apiUrl('/company/account/create'), () =>
        HttpResponse.json({ status: 409, message: 'This email is already in use' }, { status: 409 }),
      ),
    );
    await chooseRole(user, 'Company Owner');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, await screen.findByLabelText('Company name'), 'Acme');
    await enter(user, screen.getByLabelText('Carrier ID'), '1234567');
    await enter(user, screen.getByLabelText('Phone number'), '4075550100');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already in use')).toBeInTheDocument();
  });
});

describe('driver sign-up', () => {
  it('checks the card from 10 characters, blocks an invalid card and creates the driver', async () => {
    const { user, calls, router } = setup();
    await chooseRole(user, 'Company Driver');
    await fillCredentials(user, 'new.driver@fleet.test');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Next waits for the server email/card check to settle, so wait for the step to change.
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 2 of 3'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Card number is required')).toBeInTheDocument();
    await enter(user, screen.getByLabelText('Company name'), 'Demo Freight LLC');
    await user.type(screen.getByLabelText('Card number'), '123456789');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.cards).toEqual([]);
    // The rest at once: key by key, a key slower than the check's debounce would check a partial number.
    await enter(user, screen.getByLabelText('Card number'), '0123456789');
    expect(await screen.findByText('Invalid card number')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the card number validation error before continuing.');

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '7071000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Card number must be exactly 19 digits')).toBeInTheDocument();
    await enter(user, screen.getByLabelText('Card number'), FREE_CARD.slice(7));
    await waitFor(() => expect(calls.cards).toContain(FREE_CARD));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Next waits for the server email/card check to settle, so wait for the step to change.
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 3 of 3'));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'D');
    await user.type(screen.getByLabelText('Last name'), 'D');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    await enter(user, screen.getByLabelText('First name'), 'an');
    await enter(user, screen.getByLabelText('Last name'), 'river');
    await enter(user, screen.getByLabelText('Phone number'), '407-555-0101');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.signIn));
    expect(calls.created).toEqual([
      {
        username: 'new.driver@fleet.test',
        firstName: 'Dan',
        lastName: 'Driver',
        password: 'Secret12',
        email: 'new.driver@fleet.test',
        companyName: 'Demo Freight LLC',
        cardNumber: FREE_CARD,
        phoneNumber: '407-555-0101',
        language: 'en',
      },
    ]);
  });

  it('puts a server field error on the step and field it belongs to', async () => {
    const { user, calls } = setup();
    const MISMATCH = 'The card number and company name do not match';
    server.use(
      http.post(apiUrl('/account/create'), async ({ request }) => {
        calls.created.push(await request.json());
        return HttpResponse.json(
          { status: 400, message: { cardNumber: [MISMATCH], companyName: [MISMATCH] } },
          { status: 400 },
        );
      }),
    );
    await chooseRole(user, 'Company Driver');
    await fillCredentials(user, 'new.driver@fleet.test');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 2 of 3'));
    await enter(user, screen.getByLabelText('Company name'), 'Demo Fr8');
    await enter(user, screen.getByLabelText('Card number'), FREE_CARD);
    await waitFor(() => expect(calls.cards).toContain(FREE_CARD));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 3 of 3'));
    await enter(user, screen.getByLabelText('First name'), 'Dan');
    await enter(user, screen.getByLabelText('Last name'), 'Driver');
    await enter(user, screen.getByLabelText('Phone number'), '407-555-0101');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    // Back on the card step, the message under both fields.
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 2 of 3'));
    expect(calls.created).toHaveLength(1);
    expect(screen.getByLabelText('Company name')).toHaveValue('Demo Fr8');
    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(MISMATCH);
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(MISMATCH);
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    // Fixing either value clears the pair's message.
    await user.clear(screen.getByLabelText('Company name'));
    await enter(user, screen.getByLabelText('Company name'), 'Demo Freight');
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
  });

  it('puts an owner\'s server field error on the personal step, an e-mail error on the credentials step', async () => {
    const { user } = setup();
    server.use(
      http.post(apiUrl('/company/account/create'), () =>
        HttpResponse.json(
          { status: 400, message: { username: ['Email is not valid'], carrierId: ['Carrier ID must be exactly 7 digits'] } },
          { status: 400 },
        ),
      ),
    );
    await chooseRole(user, 'Company Owner');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await enter(user, await screen.findByLabelText('Company name'), 'Acme');
    await enter(user, screen.getByLabelText('Carrier ID'), '1234567');
    await enter(user, screen.getByLabelText('Phone number'), '4075550100');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 1 of 2'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is not valid');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('step-indicator')).toHaveTextContent('Step 2 of 2'));
    expect(screen.getByLabelText('Carrier ID')).toHaveAccessibleDescription('Carrier ID must be exactly 7 digits');
  });
});
