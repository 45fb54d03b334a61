export { isUniqueViolation } from '@shop/node-kit/db';
