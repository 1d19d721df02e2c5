import express, { type Router } from 'express';
import type { Knex } from '@meridian/db';
import type { Region } from '@meridian/domain';

export function createManagementRoutes(_deps: { db: Knex; region: Region; clock: () => Date }): Router {
  return express.Router();
}
