import { createAppStore } from '@shop/platform';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ContactForm } from './contact-form';

jest.mock('./contact-form.css', () => ({}));

/** The gateway as the form sees it: CSRF and captcha tokens, then the queued answers to POST /api/contact. */
function fakeGateway(answers: Array<{ status: number; body: unknown }>) {
  const sent: Array<Record<string, unknown>> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    if (path === '/api/captcha/challenge') return json(200, { token: 'captcha-1' });
    sent.push((await request.json()) as Record<string, unknown>);
    const answer = answers.shift() ?? { status: 500, body: {} };
    return json(answer.status, answer.body);
  }) as typeof fetch;
  return sent;
}

const renderForm = () =>
  render(
    <Provider store={createAppStore()}>
      <ContactForm />
    </Provider>,
  );
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send message' })));

function fillGoodMessage() {
  fill(/First name/, 'Ada');
  fill(/Last name/, 'Lovelace');
  fill(/E-mail address/, 'ada@example.com');
  fill(/Topic/, 'order');
  fill(/Order number/, 'vf100123');
  fill(/Message/, 'Where is my order, please?');
}

describe('ContactForm', () => {
  it('marks each missing field, describes the problem next to it and focuses the summary, without sending', async () => {
    const sent = fakeGateway([]);
    renderForm();
    await submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('First name: Enter your first name.');
    expect(field(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field(/First name/))).toContain('Enter your first name.');
    expect(field(/Phone/).getAttribute('aria-invalid')).toBeNull();
    expect(sent).toEqual([]);

    fill(/First name/, 'Ada');
    expect(field(/First name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the gateway’s field errors next to the fields, then the case number once sent', async () => {
    const sent = fakeGateway([
      {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check',
            correlationId: 'c',
            fields: { email: 'That address cannot receive mail.' },
          },
        },
      },
      { status: 201, body: { caseNumber: '00001027' } },
    ]);
    renderForm();
    fillGoodMessage();
    await submit();
    await waitFor(() => expect(field(/E-mail address/).getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(field(/E-mail address/))).toContain('That address cannot receive mail.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(sent[0]).toMatchObject({
      csrfToken: 'csrf-1',
      captchaToken: 'captcha-1',
      orderNumber: 'VF100123',
      country: 'US',
      topic: 'order',
    });

    fill(/E-mail address/, 'ada.lovelace@example.com');
    await submit();
    await waitFor(() => expect(screen.getByTestId('case-number').textContent).toBe('00001027'));
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('says so when the message could not be sent for another reason', async () => {
    fakeGateway([
      { status: 503, body: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'down', correlationId: 'c' } } },
    ]);
    renderForm();
    fillGoodMessage();
    await submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Your message was not sent'));
    expect(screen.getByRole('button', { name: 'Send message' })).not.toHaveProperty('disabled', true);
  });
});
