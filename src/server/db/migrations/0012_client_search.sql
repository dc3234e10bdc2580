-- Issue 24: her client search over thousands of clients answers in milliseconds. Each client keeps,
-- in lower case, everything a search can find her by: the name, the e-mail and phone as written, every
-- contact (e-mails; E.164 phones, their digits without '+', and for New Zealand the national form with
-- a leading 0, so '021 000 43' typed as digits finds +6421…), the digits of the phone as written, and
-- every distinct address of her bookings. One LIKE over one column then replaces the EXISTS over her
-- contacts and bookings for every client. Triggers keep it up to date, recomputing only the clients a
-- statement touched. Plain plpgsql (pg_trgm is not on every target): the scan is sequential but cheap.
ALTER TABLE clients ADD COLUMN search_text text NOT NULL DEFAULT '';

-- The text for one client, from the given current details (a BEFORE trigger passes NEW's).
CREATE FUNCTION client_search_text(cid integer, p_first text, p_last text, p_email text, p_phone text)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n',
    p_first || ' ' || p_last,
    p_email,
    p_phone,
    regexp_replace(p_phone, '[^0-9]', '', 'g'),
    (SELECT string_agg(concat_ws(E'\n', cc.value,
                                 CASE WHEN cc.kind = 'phone' THEN ltrim(cc.value, '+') END,
                                 CASE WHEN cc.kind = 'phone' AND cc.value LIKE '+64%' THEN '0' || substr(cc.value, 4) END),
                       E'\n' ORDER BY cc.id)
     FROM client_contacts cc WHERE cc.client_id = cid),
    (SELECT string_agg(a.address, E'\n' ORDER BY a.address)
     FROM (SELECT DISTINCT b.address FROM bookings b WHERE b.client_id = cid) a)))
$$;

-- Recomputes one client's search text (no-op for a client that no longer exists).
CREATE FUNCTION refresh_client_search(cid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients c
     SET search_text = client_search_text(c.id, c.first_name, c.last_name, c.email, c.phone)
   WHERE c.id = cid
     AND c.search_text IS DISTINCT FROM client_search_text(c.id, c.first_name, c.last_name, c.email, c.phone);
END;
$$;

-- A new client, or her name, e-mail or phone changed: computed on the row itself.
CREATE FUNCTION clients_search_text_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := client_search_text(NEW.id, NEW.first_name, NEW.last_name, NEW.email, NEW.phone);
  RETURN NEW;
END;
$$;
CREATE TRIGGER clients_search_text BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_search_text_row();

-- Contacts and bookings: once per statement, each affected client once, in id order (as merge locks).
CREATE FUNCTION client_contacts_search_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN SELECT DISTINCT client_id FROM new_rows ORDER BY 1 LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE FUNCTION client_contacts_search_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN
    SELECT client_id FROM (SELECT n.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.client_id IS DISTINCT FROM o.client_id OR n.value IS DISTINCT FROM o.value
                               OR n.kind IS DISTINCT FROM o.kind
                           UNION
                           SELECT o.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.client_id IS DISTINCT FROM o.client_id OR n.value IS DISTINCT FROM o.value
                               OR n.kind IS DISTINCT FROM o.kind) t
    ORDER BY 1
  LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE FUNCTION client_contacts_search_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN SELECT DISTINCT client_id FROM old_rows ORDER BY 1 LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER client_contacts_search_ins AFTER INSERT ON client_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_contacts_search_ins();
CREATE TRIGGER client_contacts_search_upd AFTER UPDATE ON client_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_contacts_search_upd();
CREATE TRIGGER client_contacts_search_del AFTER DELETE ON client_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_contacts_search_del();

CREATE FUNCTION bookings_client_search_ins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN SELECT DISTINCT client_id FROM new_rows WHERE client_id IS NOT NULL ORDER BY 1 LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
-- Any update of bookings fires it (a transition table cannot go with a column list); only a changed
-- address or client counts.
CREATE FUNCTION bookings_client_search_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN
    SELECT client_id FROM (SELECT n.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.client_id IS DISTINCT FROM o.client_id OR n.address IS DISTINCT FROM o.address
                           UNION
                           SELECT o.client_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.client_id IS DISTINCT FROM o.client_id OR n.address IS DISTINCT FROM o.address) t
    WHERE client_id IS NOT NULL ORDER BY 1
  LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE FUNCTION bookings_client_search_del() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid integer;
BEGIN
  FOR cid IN SELECT DISTINCT client_id FROM old_rows WHERE client_id IS NOT NULL ORDER BY 1 LOOP
    PERFORM refresh_client_search(cid);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bookings_client_search_ins AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_client_search_ins();
CREATE TRIGGER bookings_client_search_upd AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_client_search_upd();
CREATE TRIGGER bookings_client_search_del AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_client_search_del();

-- The clients there already.
UPDATE clients SET search_text = client_search_text(id, first_name, last_name, email, phone);
