import express, { type Router } from 'express';

export function createProvidersRouter(): Router {
  return express.Router();
}
