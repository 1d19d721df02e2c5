import { loadEventDeliveryConfig } from '../config';

describe('ETL configuration', () => {
  const base = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/meridian',
    AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
    SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };

  it('leaves ETL_RETRY_SCHEDULE_MS unset (the webhook schedule applies) and defaults the send timeout', () => {
    const { values } = loadEventDeliveryConfig({ ...base });
    expect(values.ETL_RETRY_SCHEDULE_MS).toBeNull();
    expect(values.ETL_SEND_TIMEOUT_MS).toBe(15_000);
  });

  it('parses ETL_RETRY_SCHEDULE_MS and refuses a malformed one, naming it', () => {
    expect(
      loadEventDeliveryConfig({ ...base, ETL_RETRY_SCHEDULE_MS: '0, 1000,5000' }).values
        .ETL_RETRY_SCHEDULE_MS,
    ).toEqual([0, 1000, 5000]);
    expect(() => loadEventDeliveryConfig({ ...base, ETL_RETRY_SCHEDULE_MS: '0,soon' })).toThrow(
      /ETL_RETRY_SCHEDULE_MS/,
    );
    expect(() => loadEventDeliveryConfig({ ...base, ETL_SEND_TIMEOUT_MS: '5' })).toThrow(
      /ETL_SEND_TIMEOUT_MS/,
    );
  });
});
