/**
 * antd's text and password inputs from their own modules. `Input` from 'antd' carries TextArea,
 * Search, OTP and Group as its properties, which no bundler can leave out; the sign-in screen needs
 * only these two.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
