import express from 'express';
import request from 'supertest';
import { CartQueueUnavailableError } from '../../../data-access/cart-write-queue';
import { errorHandler } from './error-handler';

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function appThrowing(error: unknown) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.correlationId = 'corr-1';
    next();
  });
  app.get('/', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return app;
}

describe('error handler', () => {
  it('answers a write the cart queue could not take as a 503 with Retry-After, in the one error shape', async () => {
    const busy = new CartQueueUnavailableError('timeout', 5, 'The cart is busy with other changes.');
    const response = await request(appThrowing(busy)).get('/');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({
      error: { code: 'CART_BUSY', message: 'The cart is busy with other changes.', correlationId: 'corr-1' },
    });
  });

  it('keeps why the queue failed in the log, not in the answer', async () => {
    const failed = new CartQueueUnavailableError('unavailable', 2, 'The cart cannot be changed right now.', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:6379'),
    });
    const response = await request(appThrowing(failed)).get('/');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.body.error).toMatchObject({
      code: 'CART_UNAVAILABLE',
      message: 'The cart cannot be changed right now.',
    });
    expect(JSON.stringify(response.body)).not.toContain('ECONNREFUSED');
    expect(logger.warn).toHaveBeenCalledWith('Cart write not queued', {
      correlationId: 'corr-1',
      reason: 'unavailable',
      cause: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
  });
});
