import { ConnectedAccount } from '../modules/users/connected-account.entity';
import { CreditTransaction } from '../modules/users/credit-transaction.entity';
import { UserAddress } from '../modules/users/user-address.entity';
import { User } from '../modules/users/user.entity';
import { Mail } from '../modules/mail/mail.entity';

/** Every entity; each module adds its own here. */
export const entities = [User, UserAddress, ConnectedAccount, CreditTransaction, Mail];
