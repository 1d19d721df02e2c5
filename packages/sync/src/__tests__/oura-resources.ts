import { connectorFor } from '@meridian/connectors';

/** The Oura connector's resources, sorted (the historical pulls a fully granted connection gets). */
export const ouraConnectorResources = (): string[] =>
  [...new Set(connectorFor('oura')!.streams.flatMap((s) => s.resources))].sort();
