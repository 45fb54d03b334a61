/** A metro area the stores cluster in: stores sit at real ZIP codes within `spreadMiles` of its centre. */
export interface Metro {
  slug: string;
  /** The ZIP code at the metro's centre, where its flagship (every brand) stands. */
  centreZip: string;
  areaCode: string;
  stores: number;
  spreadMiles: number;
  /** The flagship's location name; a generated one when absent. */
  flagship?: string;
}

/**
 * Dense where shoppers are: New York and Chicago are the clusters the browser tests search
 * (E2E_ZIPS), each with a flagship at its centre ZIP and neighbours within 300 miles.
 */
export const METROS: readonly Metro[] = [
  { slug: 'new-york', centreZip: '10001', areaCode: '212', stores: 36, spreadMiles: 28, flagship: 'Herald Square' },
  { slug: 'chicago', centreZip: '60601', areaCode: '312', stores: 26, spreadMiles: 26, flagship: 'Michigan Avenue' },
  { slug: 'los-angeles', centreZip: '90012', areaCode: '213', stores: 28, spreadMiles: 32, flagship: 'Grand Avenue' },
  { slug: 'philadelphia', centreZip: '19103', areaCode: '215', stores: 12, spreadMiles: 22 },
  { slug: 'boston', centreZip: '02108', areaCode: '617', stores: 12, spreadMiles: 22 },
  { slug: 'washington', centreZip: '20001', areaCode: '202', stores: 12, spreadMiles: 22 },
  { slug: 'baltimore', centreZip: '21202', areaCode: '410', stores: 6, spreadMiles: 15 },
  { slug: 'pittsburgh', centreZip: '15222', areaCode: '412', stores: 6, spreadMiles: 15 },
  { slug: 'detroit', centreZip: '48226', areaCode: '313', stores: 9, spreadMiles: 20 },
  { slug: 'milwaukee', centreZip: '53202', areaCode: '414', stores: 6, spreadMiles: 15 },
  { slug: 'indianapolis', centreZip: '46204', areaCode: '317', stores: 6, spreadMiles: 15 },
  { slug: 'columbus', centreZip: '43215', areaCode: '614', stores: 6, spreadMiles: 15 },
  { slug: 'cleveland', centreZip: '44113', areaCode: '216', stores: 6, spreadMiles: 15 },
  { slug: 'st-louis', centreZip: '63101', areaCode: '314', stores: 7, spreadMiles: 18 },
  { slug: 'minneapolis', centreZip: '55401', areaCode: '612', stores: 9, spreadMiles: 18 },
  { slug: 'kansas-city', centreZip: '64106', areaCode: '816', stores: 6, spreadMiles: 15 },
  { slug: 'atlanta', centreZip: '30303', areaCode: '404', stores: 12, spreadMiles: 24 },
  { slug: 'charlotte', centreZip: '28202', areaCode: '704', stores: 7, spreadMiles: 16 },
  { slug: 'raleigh', centreZip: '27601', areaCode: '919', stores: 6, spreadMiles: 16 },
  { slug: 'nashville', centreZip: '37203', areaCode: '615', stores: 7, spreadMiles: 16 },
  { slug: 'miami', centreZip: '33130', areaCode: '305', stores: 12, spreadMiles: 24 },
  { slug: 'orlando', centreZip: '32801', areaCode: '407', stores: 8, spreadMiles: 18 },
  { slug: 'tampa', centreZip: '33602', areaCode: '813', stores: 7, spreadMiles: 18 },
  { slug: 'new-orleans', centreZip: '70112', areaCode: '504', stores: 5, spreadMiles: 12 },
  { slug: 'houston', centreZip: '77002', areaCode: '713', stores: 14, spreadMiles: 26 },
  { slug: 'dallas', centreZip: '75201', areaCode: '214', stores: 14, spreadMiles: 26 },
  { slug: 'austin', centreZip: '78701', areaCode: '512', stores: 8, spreadMiles: 16 },
  { slug: 'san-antonio', centreZip: '78205', areaCode: '210', stores: 7, spreadMiles: 16 },
  { slug: 'denver', centreZip: '80202', areaCode: '303', stores: 9, spreadMiles: 18 },
  { slug: 'salt-lake-city', centreZip: '84101', areaCode: '801', stores: 6, spreadMiles: 16 },
  { slug: 'phoenix', centreZip: '85004', areaCode: '602', stores: 11, spreadMiles: 24 },
  { slug: 'las-vegas', centreZip: '89101', areaCode: '702', stores: 7, spreadMiles: 14 },
  { slug: 'san-diego', centreZip: '92101', areaCode: '619', stores: 9, spreadMiles: 18 },
  { slug: 'san-francisco', centreZip: '94103', areaCode: '415', stores: 11, spreadMiles: 20 },
  { slug: 'san-jose', centreZip: '95113', areaCode: '408', stores: 7, spreadMiles: 14 },
  { slug: 'portland', centreZip: '97204', areaCode: '503', stores: 7, spreadMiles: 16 },
  { slug: 'seattle', centreZip: '98101', areaCode: '206', stores: 10, spreadMiles: 20 },
  { slug: 'honolulu', centreZip: '96813', areaCode: '808', stores: 3, spreadMiles: 10 },
  { slug: 'anchorage', centreZip: '99501', areaCode: '907', stores: 2, spreadMiles: 8 },
];
