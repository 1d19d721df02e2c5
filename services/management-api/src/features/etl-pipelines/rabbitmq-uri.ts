/** RabbitMQ destination URIs (`rabbitmq.uri`): `amqp://` or `amqps://`, shown with the password as `***`. */

function parseAmqpUri(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'amqp:' && url.protocol !== 'amqps:') || url.hostname === '') return undefined;
  return url;
}

export function isAmqpUri(text: string): boolean {
  return parseAmqpUri(text) !== undefined;
}

/** The URI without its password; an unparsable value is shown as `***` whole. */
export function redactAmqpUri(text: string): string {
  const url = parseAmqpUri(text);
  if (!url) return '***';
  const userInfo = url.username || url.password ? `${url.username}${url.password ? ':***' : ''}@` : '';
  return `${url.protocol}//${userInfo}${url.host}${url.pathname}${url.search}`;
}
