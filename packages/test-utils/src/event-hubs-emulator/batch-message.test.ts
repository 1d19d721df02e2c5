import { message } from 'rhea';
import { BATCH_MESSAGE_FORMAT, decodeTransfer } from './batch-message';

describe('Event Hubs batch transfer decoding', () => {
  const event = (body: string, key?: string, props: Record<string, unknown> = {}) =>
    message.encode({
      body: message.data_section(Buffer.from(body)),
      application_properties: props,
      ...(key ? { message_annotations: { 'x-opt-partition-key': key } } : {}),
    });

  it('splits a batch envelope into its events with bodies, properties and partition keys', () => {
    const batch = message.encode({
      body: message.data_sections([event('one', 'u1', { a: 1 }), event('two', 'u1', { b: 'x' })]),
      message_annotations: { 'x-opt-partition-key': 'u1' },
    });
    const events = decodeTransfer(batch, BATCH_MESSAGE_FORMAT);
    expect(events.map((e) => e.body.toString())).toEqual(['one', 'two']);
    expect(events.map((e) => e.properties)).toEqual([{ a: 1 }, { b: 'x' }]);
    expect(events.map((e) => e.partitionKey)).toEqual(['u1', 'u1']);
  });

  it('decodes a one-event batch and a plain (format 0) message', () => {
    const single = message.encode({ body: message.data_sections([event('solo')]) });
    expect(decodeTransfer(single, BATCH_MESSAGE_FORMAT).map((e) => e.body.toString())).toEqual(['solo']);
    const plain = decodeTransfer(event('plain', 'k'), 0);
    expect(plain).toEqual([expect.objectContaining({ partitionKey: 'k', body: Buffer.from('plain') })]);
  });

  it('refuses a batch whose body is not data sections', () => {
    const bad = message.encode({ body: 'a string value' });
    expect(() => decodeTransfer(bad, BATCH_MESSAGE_FORMAT)).toThrow(/data sections/);
  });
});
