/** An e-mail to one recipient; `html` is optional (the text part is always sent). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  body: string;
}

/** A message handed to its engine: the engine's id for it (Gmail message id, Twilio SID, mailbox id). */
export interface Delivery {
  id: string;
}

export interface Mailer {
  readonly engine: 'gmail' | 'dev-mailbox';
  send(message: EmailMessage): Promise<Delivery>;
}

export interface SmsSender {
  readonly engine: 'twilio' | 'dev-mailbox';
  send(message: SmsMessage): Promise<Delivery>;
}

/** The engine refused or could not be reached; `cause` keeps its error. */
export class DeliveryError extends Error {
  readonly code: 'EMAIL_DELIVERY_FAILED' | 'SMS_DELIVERY_FAILED';
  constructor(channel: 'email' | 'sms', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
    this.code = channel === 'email' ? 'EMAIL_DELIVERY_FAILED' : 'SMS_DELIVERY_FAILED';
  }
}
