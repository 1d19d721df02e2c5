import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Transport } from '@meridian/messaging';

export function createLinkRouter(_deps: {
  db: Knex;
  clock: () => Date;
  transport?: Pick<Transport, 'publish'>;
}): Router {
  return express.Router();
}
