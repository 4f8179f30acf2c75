/** A member as the members list answers one: in the default department, nothing proven. */
export const memberRow = (userId: number, nickname: string) => ({
  userId,
  account: null,
  nickname,
  phone: null,
  email: null,
  phoneProven: false,
  emailProven: false,
  role: 'member',
  departmentId: 1,
  joinedAt: '2026-11-01T08:00:00.000Z',
});
