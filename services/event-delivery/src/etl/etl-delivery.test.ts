import { routeClaimed } from './etl-delivery';
import { pipelineKey, type EtlEvent, type EtlMessage, type EtlPipeline } from './etl-messages.repository';

const pipeline = (teamId: string, enabled: unknown): EtlPipeline => ({
  teamId,
  environment: 'sandbox',
  preferences: { enabled },
  azureAmqp: {
    default_event_hub: 'all',
    event_hub_matchers: [{ event_type_prefix: 'labtest.', event_hub: 'labs' }],
  },
  azureConnectionStringCiphertext: 'sealed',
  eventTypePrefixes: null,
});
const message = (id: string, teamId: string): EtlMessage => ({
  id,
  eventId: `event-${id}`,
  teamId,
  environment: 'sandbox',
  attempts: 0,
});
const event = (id: string, eventType: string): EtlEvent => ({
  id: `event-${id}`,
  userId: 'u1',
  eventType,
  body: '{}',
});

describe('routing claimed ETL messages', () => {
  it('groups by pipeline and event hub; a purged event is gone, a removed or disabled pipeline is disabled', () => {
    const messages = [
      message('a', 't1'),
      message('b', 't1'),
      message('c', 't1'),
      message('d', 't2'),
      message('e', 't3'),
      message('f', 't1'),
    ];
    const events = new Map(
      [
        event('a', 'daily.data.steps.created'),
        event('b', 'labtest.order.created'),
        event('c', 'daily.data.sleep.created'),
        event('d', 'daily.data.steps.created'),
        event('e', 'daily.data.steps.created'),
      ].map((e) => [e.id, e]),
    );
    const pipelines = new Map([
      [pipelineKey('t1', 'sandbox'), pipeline('t1', ['azure_amqp'])],
      [pipelineKey('t2', 'sandbox'), pipeline('t2', [])],
    ]);
    const { gone, disabled, groups } = routeClaimed(messages, events, pipelines);
    expect(gone.map((m) => m.id)).toEqual(['f']);
    expect(disabled.map((m) => m.id)).toEqual(['d', 'e']);
    expect(groups.map((g) => [g.pipeline.teamId, g.eventHub, g.outgoing.map((o) => o.message.id)])).toEqual([
      ['t1', 'all', ['a', 'c']],
      ['t1', 'labs', ['b']],
    ]);
  });
});
