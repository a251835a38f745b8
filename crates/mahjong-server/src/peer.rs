//! The client address a request counts by (the rate limit and the table caps per address).
//!
//! By default it is the connection's peer. Behind a reverse proxy that would be the proxy
//! for every client, so the operator names the proxies (`--trusted-proxy`), and a request
//! that arrives from one of them counts by the address its forwarding header names
//! (`X-Forwarded-For`, or RFC 7239's `Forwarded` where the proxy writes that:
//! `--proxy-header`). Only trusted hops are believed: the list is read from the right (the
//! hop nearest to us), and the first address that is not a trusted proxy is the client.
//! What a client writes into the header itself stays to the left of that address, so it
//! cannot choose its key.

use std::net::{IpAddr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use ipnet::IpNet;
use tower_governor::key_extractor::KeyExtractor;
use tower_governor::GovernorError;

/// The header the usual proxies (nginx, HAProxy, Caddy, cloud balancers) append to.
const FORWARDED_FOR: &str = "x-forwarded-for";
/// RFC 7239's header (Envoy, Traefik and others can write it instead).
const FORWARDED: &str = "forwarded";

/// Which header the trusted proxies name the client in. Only one is read: a proxy that
/// writes one passes the other on as the client wrote it, so reading both would let a
/// client choose its address.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1, proxy2`.
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1;proto=https` (RFC 7239).
    Forwarded,
}

/// Whether `ip` is one of the trusted proxies.
fn trusted(ip: IpAddr, proxies: &[IpNet]) -> bool {
    proxies.iter().any(|net| net.contains(&ip))
}

/// One hop of `X-Forwarded-For`: an address, perhaps with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`), as some proxies write it.
fn hop(s: &str) -> Option<IpAddr> {
    let s = s.trim();
    // `[2001:db8::1]` without a port (RFC 7239 writes IPv6 so).
    let bracketed = || {
        let inner = s.strip_prefix('[')?.strip_suffix(']')?;
        inner.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6)
    };
    s.parse::<IpAddr>()
        .ok()
        .or_else(|| s.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(bracketed)
        .map(|ip| ip.to_canonical())
}

/// Splits `s` at each `sep` outside a quoted string (RFC 9110's `"…"`, with `\` escapes).
fn split_unquoted(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            c if c == sep && !quoted => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts
}

/// The address an RFC 7239 `Forwarded` element's `for` names (`for=192.0.2.60`,
/// `for="[2001:db8:cafe::17]:4711"`); `None` for `unknown`, an obfuscated name (`_hidden`),
/// no `for`, or anything unreadable.
fn forwarded_for(element: &str) -> Option<IpAddr> {
    let value = split_unquoted(element, ';').into_iter().find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("for")
            .then_some(value.trim())
    })?;
    match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => {
            // Quoted: drop the escapes (an address has none, but they are allowed).
            let mut unquoted = String::with_capacity(inner.len());
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                unquoted.push(if c == '\\' { chars.next()? } else { c });
            }
            hop(&unquoted)
        }
        None => hop(value),
    }
}

/// The hops `header` names, nearest first (from the right, over every line of it):
/// `None` for one that is not an address.
fn hops_nearest_first(headers: &HeaderMap, header: ProxyHeader) -> Vec<Option<IpAddr>> {
    let name = match header {
        ProxyHeader::XForwardedFor => FORWARDED_FOR,
        ProxyHeader::Forwarded => FORWARDED,
    };
    let mut hops = Vec::new();
    // Several header lines are one list, in order (RFC 9110, 5.3).
    for line in headers.get_all(name).iter().rev() {
        let Ok(line) = line.to_str() else {
            hops.push(None);
            return hops;
        };
        match header {
            ProxyHeader::XForwardedFor => hops.extend(line.rsplit(',').map(hop)),
            ProxyHeader::Forwarded => hops.extend(
                split_unquoted(line, ',')
                    .into_iter()
                    .rev()
                    .map(forwarded_for),
            ),
        }
    }
    hops
}

/// The address a request from `peer` with `headers` counts by, given the trusted proxies
/// and the header they write.
///
/// From an untrusted peer: the peer. From a trusted one: walking the header from the
/// right, the first hop that is not a trusted proxy; if every hop is trusted, the leftmost.
/// A hop that is not an address stops the walk at the last trusted hop before it (a proxy
/// we trust wrote something we cannot read: we count by the proxy rather than guess).
pub fn client_ip(
    peer: IpAddr,
    headers: &HeaderMap,
    proxies: &[IpNet],
    header: ProxyHeader,
) -> IpAddr {
    let mut client = peer.to_canonical();
    if !trusted(client, proxies) {
        return client;
    }
    for hop in hops_nearest_first(headers, header) {
        let Some(ip) = hop else {
            return client;
        };
        client = ip;
        if !trusted(ip, proxies) {
            return ip;
        }
    }
    client
}

/// A trusted proxy as the operator writes it: an address (`127.0.0.1`, `::1`) or a range
/// (`10.0.0.0/8`, `2001:db8::/32`). The error is in the operator's words.
pub fn parse_trusted_proxy(s: &str) -> Result<IpNet, String> {
    s.parse::<IpNet>()
        .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
        .map(|net| net.trunc())
        .map_err(|_| {
            format!("{s:?} is not an address or a range of addresses (`10.0.0.1`, `10.0.0.0/8`)")
        })
}

/// The rate limiter's key: [`client_ip`] of the request's peer (`ConnectInfo`).
#[derive(Clone, Debug)]
pub(crate) struct ClientIpKey {
    pub(crate) proxies: std::sync::Arc<[IpNet]>,
    pub(crate) header: ProxyHeader,
}

impl KeyExtractor for ClientIpKey {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        let peer = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .ok_or(GovernorError::UnableToExtractKey)?
            .0
            .ip();
        Ok(client_ip(peer, req.headers(), &self.proxies, self.header))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    const XFF: ProxyHeader = ProxyHeader::XForwardedFor;
    const FWD: ProxyHeader = ProxyHeader::Forwarded;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    fn headers(lines: &[&str]) -> HeaderMap {
        named(FORWARDED_FOR, lines)
    }

    fn named(name: &'static str, lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(name, HeaderValue::from_str(l).unwrap());
        }
        h
    }

    #[test]
    fn a_trusted_proxy_is_an_address_or_a_range() {
        assert_eq!(
            parse_trusted_proxy("127.0.0.1"),
            Ok(nets(&["127.0.0.1/32"])[0])
        );
        assert_eq!(parse_trusted_proxy("::1"), Ok(nets(&["::1/128"])[0]));
        // Host bits are dropped: 10.1.2.3/8 is the range 10.0.0.0/8.
        assert_eq!(
            parse_trusted_proxy("10.1.2.3/8"),
            Ok(nets(&["10.0.0.0/8"])[0])
        );
        assert_eq!(
            parse_trusted_proxy("proxy.local"),
            Err(
                "\"proxy.local\" is not an address or a range of addresses (`10.0.0.1`, \
                 `10.0.0.0/8`)"
                    .to_string()
            )
        );
        assert!(parse_trusted_proxy("10.0.0.0/33").is_err());
    }

    #[test]
    fn an_untrusted_peer_counts_by_itself_whatever_it_writes() {
        let proxies = nets(&["10.0.0.0/8"]);
        let h = headers(&["203.0.113.9"]);
        assert_eq!(
            client_ip(ip("198.51.100.7"), &h, &proxies, XFF),
            ip("198.51.100.7")
        );
        // No proxies named: the header is never read.
        assert_eq!(client_ip(ip("10.0.0.2"), &h, &[], XFF), ip("10.0.0.2"));
    }

    #[test]
    fn behind_trusted_proxies_the_first_untrusted_hop_from_the_right() {
        let proxies = nets(&["10.0.0.0/8", "127.0.0.1/32"]);
        let peer = ip("127.0.0.1");
        // The client forged "1.1.1.1"; its real address is what the proxy appended.
        let h = headers(&["1.1.1.1, 203.0.113.9, 10.1.2.3"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("203.0.113.9"));
        // The same list over several header lines.
        let h = headers(&["1.1.1.1", "203.0.113.9", "10.1.2.3"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("203.0.113.9"));
        // Ports and IPv6, and an IPv4 address mapped into IPv6.
        let h = headers(&["[2001:db8::5]:4431, 10.1.2.3:80"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("2001:db8::5"));
        let h = headers(&["::ffff:203.0.113.9"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("203.0.113.9"));
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &h, &proxies, XFF),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn without_a_readable_client_hop_the_nearest_trusted_address() {
        let proxies = nets(&["10.0.0.0/8"]);
        let peer = ip("10.0.0.1");
        // No header: the proxy itself.
        assert_eq!(client_ip(peer, &HeaderMap::new(), &proxies, XFF), peer);
        // Every hop trusted: the leftmost.
        let h = headers(&["10.9.9.9, 10.1.1.1"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("10.9.9.9"));
        // Garbage right of the client: the last trusted hop before it.
        let h = headers(&["203.0.113.9, unknown, 10.1.1.1"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("10.1.1.1"));
        // Garbage left of the client is the client's own writing: never read.
        let h = headers(&["unknown, 203.0.113.9"]);
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("203.0.113.9"));
    }

    #[test]
    fn rfc_7239_forwarded_for_read_as_x_forwarded_for_is() {
        let proxies = nets(&["10.0.0.0/8", "127.0.0.1/32"]);
        let peer = ip("127.0.0.1");
        let fwd = |lines: &[&str]| named(FORWARDED, lines);
        // The forged left element is never believed; other parameters are skipped.
        let h = fwd(&["for=1.1.1.1, for=203.0.113.9;proto=https, for=10.1.2.3;by=10.0.0.1"]);
        assert_eq!(client_ip(peer, &h, &proxies, FWD), ip("203.0.113.9"));
        // Names are case-insensitive; IPv6 and ports are quoted.
        let h = fwd(&[r#"proto=http;FOR="[2001:db8:cafe::17]:4711""#]);
        assert_eq!(client_ip(peer, &h, &proxies, FWD), ip("2001:db8:cafe::17"));
        let h = fwd(&[r#"for="[2001:db8::5]""#, r#"for="10.1.2.3:80""#]);
        assert_eq!(client_ip(peer, &h, &proxies, FWD), ip("2001:db8::5"));
        // A comma or semicolon inside a quoted value does not split it.
        let h = fwd(&[r#"for=203.0.113.9;host="a,b;c", for=10.1.2.3"#]);
        assert_eq!(client_ip(peer, &h, &proxies, FWD), ip("203.0.113.9"));
        // `unknown`, an obfuscated name, or an element without `for` stops the walk at
        // the last trusted hop.
        for hidden in ["for=unknown", "for=_hidden", "proto=https", "for=\"[bad]\""] {
            let h = fwd(&[&format!("for=203.0.113.9, {hidden}, for=10.1.1.1")]);
            assert_eq!(
                client_ip(peer, &h, &proxies, FWD),
                ip("10.1.1.1"),
                "{hidden}"
            );
        }
    }

    #[test]
    fn only_the_named_header_is_read() {
        let proxies = nets(&["127.0.0.1/32"]);
        let peer = ip("127.0.0.1");
        let mut h = named(FORWARDED, &["for=203.0.113.9"]);
        h.append(FORWARDED_FOR, HeaderValue::from_static("198.51.100.1"));
        assert_eq!(client_ip(peer, &h, &proxies, FWD), ip("203.0.113.9"));
        assert_eq!(client_ip(peer, &h, &proxies, XFF), ip("198.51.100.1"));
        // A proxy writing `Forwarded` passes a client's own `X-Forwarded-For` on: with
        // `Forwarded` named, that is never read.
        let h = headers(&["198.51.100.1"]);
        assert_eq!(client_ip(peer, &h, &proxies, FWD), peer);
    }
}
