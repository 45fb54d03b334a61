import { InvalidHashFormatError, hashPassword, verifyPassword } from './scrypt-hash';

describe('scrypt password hashes', () => {
  it('hashes in the five-part format at OWASP parameters and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.split('$')).toHaveLength(5);
    expect(hash).toMatch(/^\$scrypt\$N=131072,r=8,p=1\$/);
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('wrong horse', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each([
    'plain',
    '$scrypt$N=131072,r=8,p=1$abc',
    '$bcrypt$x$y$z',
    '$scrypt$N=1024,r=8,p=1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
  ])('rejects %s as an invalid hash format', async (stored) => {
    await expect(verifyPassword('x', stored)).rejects.toBeInstanceOf(InvalidHashFormatError);
  });
});
