import type { Money } from '@shop/contracts/browser';

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** SPEC §9: en-US, USD, cents divided by 100, dollar-sign format. */
export const formatMoney = (money: Pick<Money, 'centAmount'>) => USD.format(money.centAmount / 100);
