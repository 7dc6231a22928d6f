import { AccountSlots } from '../../platform/accountSlots'

export const LIST_BUSY =
  'Your member list is already being sent. Please wait for it to finish and try again.'

/** Full member lists being sent per account: each is a long read of the whole account. */
export class MemberListSlots extends AccountSlots {
  constructor(perAccount = 2) {
    super(perAccount, LIST_BUSY)
  }
}
