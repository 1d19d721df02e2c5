/**
 * Thrown by a message handler when retrying cannot help (bad input, target gone for good):
 * the message goes straight to the queue's dead-letter queue instead of the retry queues.
 */
export class PermanentError extends Error {
  override readonly name: string = 'PermanentError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
