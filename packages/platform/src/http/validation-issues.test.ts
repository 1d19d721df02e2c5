import { toValidationIssues } from './validation-issues';

describe('validator errors → validation items', () => {
  const req = {
    body: { team: { name: 'x' }, limit: 'ten' },
    query: { limit: '0' },
    params: { user_id: 'nope' },
  };

  it('maps a missing body key with the enclosing object as input', () => {
    const [item] = toValidationIssues(
      [
        {
          path: '/body/team/label',
          message: "must have required property 'label'",
          errorCode: 'required.openapi.validation',
        },
      ],
      req,
    );
    expect(item).toEqual({
      loc: ['body', 'team', 'label'],
      msg: 'Field required',
      type: 'missing',
      input: { name: 'x' },
      ctx: {},
    });
  });

  it('never echoes credentials back: connection strings, secrets, passwords and URIs are redacted', () => {
    const body = {
      azure_amqp: { connection_string: 'Endpoint=sb://h/;SharedAccessKey=abc', compression: 'auto' },
      rabbitmq: { uri: 'amqp://u:p@h', exchange: 'x' },
      client_secret: 's3cret',
    };
    const items = toValidationIssues(
      [
        {
          path: '/body/azure_amqp/default_event_hub',
          message: "must have required property 'default_event_hub'",
          errorCode: 'required.openapi.validation',
        },
        { path: '/body/client_secret', message: 'must be integer', errorCode: 'type.openapi.validation' },
        { path: '/body', message: 'must NOT have additional properties', errorCode: 'additionalProperties' },
      ],
      { body },
    );
    expect(items.map((i) => i.input)).toEqual([
      { connection_string: '[redacted]', compression: 'auto' },
      '[redacted]',
      {
        azure_amqp: { connection_string: '[redacted]', compression: 'auto' },
        rabbitmq: { uri: '[redacted]', exchange: 'x' },
        client_secret: '[redacted]',
      },
    ]);
    expect(JSON.stringify(items)).not.toContain('SharedAccessKey');
  });

  it('maps formats, bounds and enums with their context', () => {
    const items = toValidationIssues(
      [
        {
          path: '/params/user_id',
          message: 'must match format "uuid"',
          errorCode: 'format.openapi.validation',
        },
        { path: '/query/limit', message: 'must be >= 1', errorCode: 'minimum.openapi.validation' },
        { path: '/body/limit', message: 'must be integer', errorCode: 'type.openapi.validation' },
        {
          path: '/body/env',
          message: 'must be equal to one of the allowed values: production, sandbox',
          errorCode: 'enum.openapi.validation',
        },
      ],
      req,
    );
    expect(items[0]).toMatchObject({
      loc: ['path', 'user_id'],
      type: 'uuid_parsing',
      input: 'nope',
      ctx: { format: 'uuid' },
    });
    expect(items[1]).toMatchObject({
      loc: ['query', 'limit'],
      type: 'greater_than_equal',
      input: '0',
      ctx: { ge: 1 },
    });
    expect(items[2]).toMatchObject({ loc: ['body', 'limit'], type: 'int_type', input: 'ten' });
    expect(items[3]).toMatchObject({ type: 'enum', ctx: { expected: ['production', 'sandbox'] } });
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(['ctx', 'input', 'loc', 'msg', 'type']);
  });
});
