export { fairHousingWarnings } from './fair-housing.rules';
