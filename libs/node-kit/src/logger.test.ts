import { Writable } from 'node:stream';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('debug', stream) };
}

describe('logger', () => {
  it('writes JSON lines with the message, level and fields', () => {
    const { lines, logger } = capture();
    logger.info('Signed in', { correlationId: 'c-1' });
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      message: 'Signed in',
      correlationId: 'c-1',
      time: expect.any(String),
    });
  });

  it('never writes a password, token, secret or card number', () => {
    const { lines, logger } = capture();
    logger.error('Login failed for Bearer abc.def.ghi with card 4111 1111 1111 1111', {
      password: 'Hunter2-secret',
      body: { newPassword: 'Another-secret-9', captchaToken: 'tok-123', nested: { token: 'deep-token-1' } },
      authorization: 'Basic c2VjcmV0',
      note: 'card 4111111111111111',
    });
    const line = lines.join('');
    for (const secret of [
      'Hunter2-secret',
      'Another-secret-9',
      'tok-123',
      'deep-token-1',
      'c2VjcmV0',
      'abc.def.ghi',
      '4111 1111 1111 1111',
      '4111111111111111',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[redacted]');
  });

  it('drops lines below its level', () => {
    const { lines, logger } = capture();
    createLogger('silent').error('nothing');
    logger.debug('kept');
    expect(lines).toHaveLength(1);
  });
});
