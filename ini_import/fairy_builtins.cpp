// Fairy-Stockfish's built-ins that a section may inherit from, as this import describes them
// (Fairy-Stockfish's variant.cpp, version 11; each one Fairy-Stockfish's default template, which
// holds chess's men, plus what differs).
#include <string_view>

#include "ini_import/fairy_variant.h"

namespace arbiter::ini_import {

namespace {

constexpr std::string_view kBuiltinParents = R"ini(
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
promotionPieceTypes = qrbn

[nocastle:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false

[fairy:chess]
silver = s
fers = f

[capablanca:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
archbishop = a
chancellor = c
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
promotionPieceTypes = acqrbn

[gothic:capablanca]
startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1

[embassy:capablanca]
castlingKingsideFile = h
castlingQueensideFile = b
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1

[janus:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = b
archbishop = j
startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1
promotionPieceTypes = jqrbn

[modern:chess]
maxRank = 9
maxFile = 9
promotionRank = 9
archbishop = m
startFen = rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1
promotionPieceTypes = mqrbn

[chancellor:chess]
maxRank = 9
maxFile = 9
promotionRank = 9
chancellor = c
startFen = rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1
promotionPieceTypes = cqrbn

[centaur:chess]
maxFile = 10
castlingKingsideFile = i
castlingQueensideFile = c
centaur = c
startFen = rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1
promotionPieceTypes = cqrbn

[almost:chess]
queen = -
chancellor = c
startFen = rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypes = crbn

[amazon:chess]
queen = -
amazon = a
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn

[chigorin:chess]
chancellor = c
startFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1
promotionPieceTypes = qcrbn

[hoppelpoppel:chess]
knight = -
bishop = -
knibis = n
biskni = b
promotionPieceTypes = qrbn

[newzealand:chess]
rook = -
knight = -
rookni = r
kniroo = n
castlingRookPiece = r
promotionPieceTypes = qrbn

[losalamos:chess]
maxRank = 6
maxFile = 6
bishop = -
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionRank = 6
promotionPieceTypes = qrn
doubleStep = false
castling = false

[gardner:chess]
maxRank = 5
maxFile = 5
startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1
promotionRank = 5
doubleStep = false
castling = false

[shatranj:chess]
bishop = -
queen = -
alfil = b
fers = q
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
nMoveRule = 70

[courier:chess]
maxFile = 12
queen = -
alfil = e
fers = f
commoner = m
wazir = w
startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss

[grand:chess]
maxRank = 10
maxFile = 10
archbishop = a
chancellor = c
startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1
promotionPieceTypes = acqrbn
promotionRank = 8
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2
mandatoryPawnPromotion = false
immobilityIllegal = true
doubleStepRank = 3
castling = false

[shako:chess]
maxRank = 10
maxFile = 10
fersAlfil = e
cannon = c
startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1
promotionPieceTypes = qrbnce
promotionRank = 10
castlingKingsideFile = h
castlingQueensideFile = d
castlingRank = 2
doubleStepRank = 3

[makruk:chess]
bishop = -
queen = -
silver = s
fers = m
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1
promotionRank = 6
promotionPieceTypes = m
doubleStep = false
castling = false
nMoveRule = 0
countingRule = makruk
)ini";

}  // namespace

const std::map<std::string, IniVariant>& builtin_parents() {
  static const std::map<std::string, IniVariant> parents = resolve(parse_sections(kBuiltinParents), true, {}, nullptr);
  return parents;
}

}  // namespace arbiter::ini_import
