import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** `/redirect/<path>` re-mounts `<path>`: the tab strip's refresh and the size switch use it. */
export default function RedirectScreen() {
  const { '*': target = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/${target}${search}`, { replace: true });
  }, [navigate, target, search]);
  return null;
}
