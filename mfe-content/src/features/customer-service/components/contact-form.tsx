import './contact-form.css';
import {
  CONTACT_COUNTRIES,
  CONTACT_COUNTRY_LABELS,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  type ContactFieldErrors,
  type ErrorBody,
} from '@shop/contracts/browser';
import { Button, Select, TextArea, TextField, VisuallyHidden } from '@shop/ui';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { contactApi } from '../api/contact-api';
import {
  CONTACT_FORM_FIELDS,
  type ContactFormField,
  type ContactValues,
  EMPTY_CONTACT,
  contactFieldError,
  normaliseContact,
  validateContact,
} from '../validate-contact';

const LABELS: Record<ContactFormField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail address',
  phone: 'Phone',
  country: 'Country',
  orderNumber: 'Order number',
  topic: 'Topic',
  message: 'Message',
};
const HINTS: Partial<Record<ContactFormField, string>> = {
  orderNumber: 'If your message is about an order: it starts with VF, e.g. VF100123.',
  message: `${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters.`,
};
const OPTIONAL: ReadonlySet<ContactFormField> = new Set(['phone', 'orderNumber']);

/** What to tell the shopper when the gateway refused for a reason other than a field. */
function problemOf(error: unknown): { fields: ContactFieldErrors; message?: string } {
  const status = (error as { status?: unknown }).status;
  const body = (error as { data?: Partial<ErrorBody> }).data?.error;
  if (body?.fields && Object.keys(body.fields).length) return { fields: body.fields as ContactFieldErrors };
  if (status === 429)
    return {
      fields: {},
      message: 'We have had too many messages from your connection. Please try again later or call us.',
    };
  if (status === 403)
    return { fields: {}, message: 'Your session has expired. Please reload the page and send your message again.' };
  return {
    fields: {},
    message: 'We could not send your message just now. Please try again in a few minutes, or call us.',
  };
}

/**
 * The contact form of /customer-service/contact: checks every field as the gateway will, shows
 * each problem next to its field and in a summary that takes focus, and files the message as a
 * customer-service case (POST /api/contact), then shows the case number.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [failures, setFailures] = useState(0);
  const [caseNumber, setCaseNumber] = useState<string | null>();
  const [send, { isLoading }] = contactApi.useContentSendContactMessageMutation();
  const summary = useRef<HTMLDivElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const fieldId = (field: string) => `${id}-${field}`;

  useEffect(() => {
    if (failures > 0) summary.current?.focus();
  }, [failures]);
  useEffect(() => {
    if (caseNumber !== undefined) thanks.current?.focus();
  }, [caseNumber]);

  const fail = (fields: ContactFieldErrors, message?: string) => {
    setErrors(fields);
    setFormError(message);
    setFailures((count) => count + 1);
  };

  const change =
    (field: ContactFormField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      // A field shown as wrong is re-checked as it is corrected; untouched fields wait for submit.
      if (errors[field]) setErrors((current) => ({ ...current, [field]: contactFieldError(field, value) }));
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problems = validateContact(values);
    if (Object.keys(problems).length) return fail(problems);
    setErrors({});
    setFormError(undefined);
    const result = await send(normaliseContact(values));
    if (result.error) {
      const { fields, message } = problemOf(result.error);
      return fail(fields, message);
    }
    setCaseNumber(result.data.caseNumber);
  };

  if (caseNumber !== undefined) {
    return (
      <div className="contact-thanks" role="status" tabIndex={-1} ref={thanks}>
        <h2>Thank you, we have your message</h2>
        {caseNumber ? (
          <p>
            Your case number is <strong data-testid="case-number">{caseNumber}</strong>. Our customer-care team will
            answer by e-mail.
          </p>
        ) : (
          <p>Our customer-care team will answer by e-mail.</p>
        )}
      </div>
    );
  }

  const listed = CONTACT_FORM_FIELDS.filter((field) => errors[field]);
  const captchaProblem = errors.captchaToken;
  const showSummary = Boolean(listed.length || captchaProblem || formError);

  /** Label, marker, hint and error of a field: the design system's fields wire them to the control. */
  const common = (field: ContactFormField) => ({
    label: LABELS[field],
    marker: OPTIONAL.has(field) ? ('optional' as const) : ('required' as const),
    hint: HINTS[field],
    error: errors[field] ? (
      <>
        <VisuallyHidden>Error: </VisuallyHidden>
        {errors[field]}
      </>
    ) : undefined,
    className: 'contact-form__field',
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: change(field),
    required: !OPTIONAL.has(field),
  });

  return (
    <form
      className="contact-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={isLoading}
      aria-labelledby={fieldId('title')}
    >
      <h2 id={fieldId('title')}>Send us a message</h2>
      <p className="contact-form__hint">
        Fields marked <span aria-hidden="true">*</span>
        <VisuallyHidden>with an asterisk</VisuallyHidden> are required.
      </p>
      {showSummary && (
        <div
          className="contact-form__summary"
          role="alert"
          tabIndex={-1}
          ref={summary}
          aria-labelledby={fieldId('summary-title')}
        >
          <h3 id={fieldId('summary-title')}>
            {formError ? 'Your message was not sent' : 'Please correct the following'}
          </h3>
          {formError && <p>{formError}</p>}
          {(listed.length > 0 || captchaProblem) && (
            <ul>
              {listed.map((field) => (
                <li key={field}>
                  <a
                    href={`#${fieldId(field)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(fieldId(field))?.focus();
                    }}
                  >
                    {LABELS[field]}: {errors[field]}
                  </a>
                </li>
              ))}
              {captchaProblem && <li>{captchaProblem}</li>}
            </ul>
          )}
        </div>
      )}
      <div className="contact-form__pair">
        <TextField {...common('firstName')} type="text" autoComplete="given-name" maxLength={CONTACT_LIMITS.name} />
        <TextField {...common('lastName')} type="text" autoComplete="family-name" maxLength={CONTACT_LIMITS.name} />
      </div>
      <div className="contact-form__pair">
        <TextField {...common('email')} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
        <TextField {...common('phone')} type="tel" autoComplete="tel" maxLength={CONTACT_LIMITS.phone} />
      </div>
      <div className="contact-form__pair">
        <Select {...common('country')} autoComplete="country">
          {CONTACT_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {CONTACT_COUNTRY_LABELS[country]}
            </option>
          ))}
        </Select>
        <TextField {...common('orderNumber')} type="text" autoComplete="off" maxLength={CONTACT_LIMITS.orderNumber} />
      </div>
      <Select {...common('topic')}>
        <option value="">Choose a topic</option>
        {CONTACT_TOPICS.map((topic) => (
          <option key={topic} value={topic}>
            {CONTACT_TOPIC_LABELS[topic]}
          </option>
        ))}
      </Select>
      <TextArea {...common('message')} rows={6} maxLength={CONTACT_LIMITS.messageMax} />
      <Button type="submit" disabled={isLoading} className="contact-form__send">
        {isLoading ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}

export default ContactForm;
