import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { card } from '../../components/styles';
import { PageTitle } from '../../components/PageTitle';
import { PhoneCodeForm } from '../../components/PhoneCodeForm';
import { confirmSignUp, resendSignUpCode } from '../auth';
import { HoldCountdown } from '../journey';

/**
 * 'Confirm your mobile number' of an account waiting for its sign-up code (after Create account,
 * or a login of an account that never entered it): the right code logs the client in and goes on
 * to `destination`.
 */
export function ConfirmSignUpStep({
  phone,
  password,
  codeSentTo,
  destination,
}: {
  /** E.164 */
  phone: string;
  /** none for an account that logs in with texted codes */
  password?: string;
  /** where the code went, masked */
  codeSentTo: string;
  destination: string;
}) {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>Confirm your mobile number</PageTitle>
      <HoldCountdown />
      <div className={`${card} ${css({ p: '4' })}`}>
        <PhoneCodeForm
          destination={codeSentTo}
          onConfirm={async (code) => {
            await confirmSignUp(phone, code, password);
            navigate(destination, { replace: true });
          }}
          onResend={() => resendSignUpCode(phone)}
        />
      </div>
    </>
  );
}
