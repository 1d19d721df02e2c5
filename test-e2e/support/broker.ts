import { amqpUrl } from '@meridian/test-utils';

/**
 * The broker of the end-to-end suites. A suite that needs it is declared with `describeWithBroker`: skipped
 * (and counted so) when RabbitMQ is not reachable, failed instead when REQUIRE_SERVICES is set (CI).
 */
export { describeWithBroker } from '@meridian/test-utils';

export const AMQP_URL = amqpUrl();
