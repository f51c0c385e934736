/**
 * A provider's refusal of one send, with its HTTP status and the provider's error code (Twilio's
 * number or Resend's name): enough for the queue to tell a retry from a lost cause. The message
 * may quote the provider's words (which can name the recipient): log the status and code only.
 */
export class SendRefused extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = 'SendRefused';
    this.status = status;
    this.code = code;
  }
}
