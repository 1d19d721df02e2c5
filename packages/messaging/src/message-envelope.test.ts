import {
  createMessage,
  envelopeProblem,
  parseMessageEnvelope,
  tryParseMessageEnvelope,
} from './message-envelope';
import { PermanentError } from './permanent-error';

describe('createMessage', () => {
  it('builds a versioned envelope with a fresh id and the current time', () => {
    const before = Date.now();
    const message = createMessage('parser.job.requested', { labReportId: 'lr_1' });

    expect(message).toEqual({
      type: 'parser.job.requested',
      version: 1,
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      occurred_at: expect.any(String),
      data: { labReportId: 'lr_1' },
    });
    expect(Date.parse(message.occurred_at)).toBeGreaterThanOrEqual(before - 1);
    expect(createMessage('x', {}).id).not.toBe(message.id);
  });

  it('takes an explicit version', () => {
    expect(createMessage('event.x', {}, 3).version).toBe(3);
  });
});

describe('parseMessageEnvelope', () => {
  it('round-trips a created message', () => {
    const message = createMessage('event.x', { ids: ['a'] });
    expect(parseMessageEnvelope(JSON.stringify(message))).toEqual(message);
  });

  it.each([
    ['not json', 'invalid message: body is not JSON'],
    ['[]', 'invalid message: not an object'],
    [
      '{"version":1,"id":"a","occurred_at":"2024-01-01T00:00:00Z","data":{}}',
      'invalid message: type must be a non-empty string',
    ],
    [
      '{"type":"t","version":0,"id":"a","occurred_at":"2024-01-01T00:00:00Z","data":{}}',
      'invalid message: version must be a positive integer',
    ],
    [
      '{"type":"t","version":1,"occurred_at":"2024-01-01T00:00:00Z","data":{}}',
      'invalid message: id must be a non-empty string',
    ],
    [
      '{"type":"t","version":1,"id":"a","occurred_at":"yesterday","data":{}}',
      'invalid message: occurred_at must be an ISO timestamp',
    ],
    [
      '{"type":"t","version":1,"id":"a","occurred_at":"2024-01-01T00:00:00Z"}',
      'invalid message: data is missing',
    ],
  ])('rejects %s as a permanent failure', (body, reason) => {
    expect(() => parseMessageEnvelope(body)).toThrow(PermanentError);
    expect(() => parseMessageEnvelope(body)).toThrow(reason);
    expect(tryParseMessageEnvelope(body)).toBeUndefined();
  });

  it('reports no problem for a valid envelope', () => {
    expect(envelopeProblem(createMessage('t', null))).toBeUndefined();
  });
});
