import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';

export function createTimeseriesRouter(_deps: { db: Knex; clock: () => Date }): Router {
  return express.Router();
}
