export { ForcedEnrolment } from './ForcedEnrolment';
export { TwoFactorPage } from './TwoFactorPage';
export { UserTwoFactor } from './UserTwoFactor';
