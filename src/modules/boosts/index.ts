export { BoostsService, BOOST_EXPIRY_TIMER, type PaidBoost } from './boosts.service';
export { SPONSORED_SLOTS, unusedShare } from './boost-rules';
